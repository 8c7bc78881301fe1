import type { Db } from "./client";
import { members } from "./schema";

export interface DemoSeedOptions {
  member: { email: string; passwordHash: string };
}

/** Demo club: TODO(helper) meetings, themes, bottles, instances, comments. */
export function seedDemoData(db: Db, opts: DemoSeedOptions): void {
  db.transaction((tx) => {
    tx.insert(members)
      .values({
        email: opts.member.email,
        passwordHash: opts.member.passwordHash,
        firstName: "Demo",
        lastName: "Member",
        emailConfirmedAt: new Date().toISOString(),
      })
      .run();
  });
}
