import type { FastifyBaseLogger } from "fastify";
import { seedDemoData } from "@club/db";
import type { Deps } from "./api/context";
import { hashPassword } from "./platform/passwords";

export const DEMO_LOGIN = { email: "demo@whiskey.club", password: "dram-demo-2026" } as const;

/** On a brand-new database: demo club data unless DEMO_DATA=false. */
export async function seedOnNewDatabase(deps: Deps, log: FastifyBaseLogger): Promise<void> {
  if (!deps.config.demoData) {
    log.info("New database: DEMO_DATA=false, starting with an empty club.");
    return;
  }
  seedDemoData(deps.db, {
    member: { ...DEMO_LOGIN, passwordHash: await hashPassword(DEMO_LOGIN.password) },
  });
  const line = `Demo data loaded. Log in as ${DEMO_LOGIN.email} with password ${DEMO_LOGIN.password}`;
  log.info(line);
  if (log.level === "silent") console.log(line);
}
