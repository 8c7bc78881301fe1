import type { EndpointCtx, Examples } from "../../../test/fuzz/fixtures";
import { backupRunner } from "./runner";

/** The download needs a backup to hand out. */
async function withBackup(c: EndpointCtx) {
  const outcome = await backupRunner(c.t.app.deps).backUp();
  if (!outcome.ok) throw new Error(outcome.error);
  return {};
}

export const examples: Examples = {
  procedures: {
    "backups.overview": { as: "admin", input: () => undefined },
    "backups.create": { as: "admin", input: () => undefined },
  },
  rest: {
    "GET /api/Backups/Latest": withBackup,
  },
};
