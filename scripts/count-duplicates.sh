#!/usr/bin/env bash
# Counts the duplicate pairs in the production sources, as docs/architecture.md ("The counts")
# measures them: a copy of the tracked files without tests (*.test.ts(x), test/ folders),
# apps/e2e, benchmarks (bench/) and .md/.json/.sql/lock files, then
# `duplicates --repo <copy> --most 200 --seconds 120`.
# Usage: bash scripts/count-duplicates.sh [output file]   (prints the list; the first line counts)
set -euo pipefail
root="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
copy="$(mktemp -d "${TMPDIR:-/tmp}/club-dups.XXXXXX")"
trap 'rm -rf "$copy"' EXIT
git -C "$root" ls-files -z \
  | grep -zvE '(\.test\.tsx?$|(^|/)test/|^apps/e2e/|(^|/)bench/|\.(md|json|sql)$|(^|/)[^/]*\.lock$|(^|/)package-lock\.json$)' \
  | while IFS= read -r -d '' f; do
      [ -f "$root/$f" ] || continue
      mkdir -p "$copy/$(dirname "$f")"
      cp "$root/$f" "$copy/$f"
    done
out="${1:-/dev/stdout}"
duplicates --repo "$copy" --most 200 --seconds 120 | sed "s#$copy/##g" >"$out"
