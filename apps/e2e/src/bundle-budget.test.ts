import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { webDist } from "./support/server";

/** What the first screen ("/") needs, gzipped file by file. */
export const JS_BUDGET_BYTES = 150 * 1024;
export const CSS_BUDGET_BYTES = 40 * 1024;
const FIRST_SCREEN = "src/screens/Meetings/MeetingsPage.tsx";

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The chunk and every chunk it imports statically, transitively (dynamic imports are not followed). */
function withStaticImports(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no chunk ${key}`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, seen);
  return seen;
}

const gzipSize = (file: string) => gzipSync(readFileSync(join(webDist, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe("bundle budget of the first screen", () => {
  const manifestFile = join(webDist, ".vite", "manifest.json");

  it("has a Vite manifest (build.manifest: true)", () => {
    expect(existsSync(manifestFile), `${manifestFile} (run vite build in apps/web)`).toBe(true);
  });

  it(`needs at most ${kb(JS_BUDGET_BYTES)} of JS and ${kb(CSS_BUDGET_BYTES)} of CSS, gzipped`, () => {
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
    const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
    expect(entries.map(([key]) => key)).toEqual(["index.html"]);
    expect(manifest[FIRST_SCREEN], `${FIRST_SCREEN} is its own lazy chunk`).toBeDefined();

    const keys = withStaticImports(manifest, "index.html");
    withStaticImports(manifest, FIRST_SCREEN, keys);
    const chunks = [...keys].map((key) => manifest[key]!);

    const jsFiles = new Set(chunks.map((c) => c.file).filter((f) => f.endsWith(".js")));
    // Classic scripts index.html loads outside the module graph.
    const html = readFileSync(join(webDist, "index.html"), "utf8");
    for (const match of html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g)) jsFiles.add(match[1]!);
    const cssFiles = new Set(chunks.flatMap((c) => c.css ?? []));
    for (const match of html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="\/([^"]+)"/g))
      cssFiles.add(match[1]!);

    const sizes = (files: Set<string>) => [...files].map((file) => ({ file, gzip: gzipSize(file) }));
    // And the inline one (public/theme-init.js: the stored theme before the first paint).
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match, i) => ({
      file: `index.html inline script ${i + 1}`,
      gzip: gzipSync(match[1]!, { level: 9 }).length,
    }));
    expect(inline.length, "the theme script, inline").toBe(1);
    const js = [...sizes(jsFiles), ...inline];
    const css = sizes(cssFiles);
    const total = (list: { gzip: number }[]) => list.reduce((sum, f) => sum + f.gzip, 0);
    const report = (list: { file: string; gzip: number }[]) =>
      list
        .sort((a, b) => b.gzip - a.gzip)
        .map((f) => `  ${kb(f.gzip).padStart(9)}  ${f.file}`)
        .join("\n");

    const jsTotal = total(js);
    const cssTotal = total(css);
    console.log(
      `first screen: JS ${kb(jsTotal)} gzip in ${js.length} files, CSS ${kb(cssTotal)} gzip in ${css.length} files`,
    );
    expect(jsTotal, `JS for "/" is ${kb(jsTotal)} gzip:\n${report(js)}`).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    expect(cssTotal, `CSS for "/" is ${kb(cssTotal)} gzip:\n${report(css)}`).toBeLessThanOrEqual(
      CSS_BUDGET_BYTES,
    );
    expect(js.length).toBeGreaterThan(1);
    expect(css.length).toBeGreaterThan(0);
  });
});
