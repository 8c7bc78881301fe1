import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE_NAME = "@club/server";

/**
 * apps/server: the folder of the package.json named @club/server above this module. Found by
 * walking up because this module runs from src/platform/ (tsx, tests) or from a bundle in dist/.
 */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, "package.json");
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === PACKAGE_NAME
    )
      return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json named ${PACKAGE_NAME} above ${import.meta.url}`);
    dir = parent;
  }
}

export const serverRoot = findServerRoot();

export const serverVersion = (): string =>
  (JSON.parse(readFileSync(join(serverRoot, "package.json"), "utf8")) as { version?: string }).version ??
  "0.0.0";
