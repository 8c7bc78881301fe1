import { readdirSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

// wasm: the barcode reader (about 950 KB as built, a third of that compressed).
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|wasm)$/;
/** Smaller files are sent as they are (the server's COMPRESS_MIN_BYTES). */
const MIN_BYTES = 1024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes a .br and a .gz beside every text file of the build, compressed once at the highest
 * levels, which the server sends as they are (@fastify/static's preCompressed). Compressing each
 * response instead cost the server's single thread 1-5 ms per script: on a cold load the 30 files
 * of the first screen queued behind one another, stylesheets included, before the first paint.
 */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "club-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir.startsWith("/")
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "post",
      // Asynchronous: the files are compressed on libuv's threads, several at a time (brotli at
      // its highest level is most of the build's last seconds on one core).
      async handler() {
        const compressible = [...files(outDir)].filter(
          (file) => COMPRESSIBLE.test(file) && !file.includes("/.vite/"),
        );
        await Promise.all(
          compressible.map(async (file) => {
            const data = await readFile(file);
            if (data.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotliAsync(data, {
                params: {
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                },
              }),
              gzipAsync(data, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
        );
      },
    },
  };
}
