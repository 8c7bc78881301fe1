import type { EndpointCtx, Examples } from "../../../test/fuzz/fixtures";
import { listBackups } from "./folder";
import { backupRunner } from "./runner";

/** The download needs a backup to hand out (one is enough: the fuzz calls this for every case). */
async function withBackup(c: EndpointCtx) {
  const { config } = c.t.app.deps;
  if ((await listBackups(config.backups.dir, config.clubTimezone)).length > 0) return {};
  const outcome = await backupRunner(c.t.app.deps).backUp();
  if (!outcome.ok) throw new Error(outcome.error);
  return {};
}

export const examples: Examples = {
  procedures: {
    "backups.overview": { access: "admin", as: "admin", input: () => undefined },
    "backups.create": { access: "admin", as: "admin", input: () => undefined },
  },
  rest: {
    "GET /api/Backups/Latest": { access: "admin", call: withBackup },
  },
};
