import { readdir } from "node:fs/promises";
import { basename, join } from "node:path";
import { createGzip } from "node:zlib";
import { pipeline } from "node:stream";
import { ServerMessages } from "@club/shared";
import { NotFoundError } from "../../kernel/errors";
import { restOnlyRoute } from "../../kernel/restOnlyRoute";
import { IMAGE_FILE, imagesDirOf } from "../../platform/backups";
import { tarStream, type TarEntry } from "../../platform/tarball";
import { listBackups } from "./folder";

/** The latest backup's files, named as `npm run admin -- restore` expects them side by side. */
async function entriesOf(path: string): Promise<TarEntry[]> {
  const name = basename(path);
  const images = await readdir(imagesDirOf(path)).catch(() => [] as string[]);
  return [
    { name, path },
    ...images
      .filter((image) => IMAGE_FILE.test(image))
      .sort()
      .map((image) => ({ name: `${name}-images/${image}`, path: join(imagesDirOf(path), image) })),
  ];
}

/** GET /api/Backups/Latest: the newest backup as a .tar.gz (admin). */
export const latestBackupRoute = restOnlyRoute({
  access: "admin",
  doc: {
    method: "GET",
    path: "/api/Backups/Latest",
    operationId: "backupsLatest",
    tag: "Backups",
    summary: "Download the latest backup",
    description:
      "For admins: the newest backup in DATA_DIR/backups as a gzipped tar holding club-….sqlite and its club-….sqlite-images/ folder. Unpack it with `tar -xzf` and restore with `npm run admin -- restore club-….sqlite`. 404 when there is no backup yet.",
    response: { status: 200, description: "The .tar.gz file.", binary: ["application/gzip"] },
    errors: [404],
  },
  handler: async ({ req, reply }) => {
    const deps = req.server.deps;
    const [latest] = await listBackups(deps.config.backups.dir, deps.config.clubTimezone);
    if (!latest) throw new NotFoundError(ServerMessages.noBackupYet);
    const entries = await entriesOf(latest.path);
    // The fastest level: the database shrinks well at any level, the images are compressed already,
    // and a small home server should not spend seconds of CPU on a download.
    const gzip = createGzip({ level: 1 });
    pipeline(tarStream(entries), gzip, (err) => {
      if (err) req.log.error({ err }, "backup download failed");
    });
    return reply
      .type("application/gzip")
      .header("cache-control", "no-store")
      .header("content-disposition", `attachment; filename="${latest.name.replace(/\.sqlite$/, "")}.tar.gz"`)
      .send(gzip);
  },
});
