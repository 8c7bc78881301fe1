import { existsSync, readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailConfirmationTokens, insertInvite, members, outbox } from "@club/db";
import { count, eq, isNull } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../test/helpers";
import { outboxFile } from "./mailer";

/**
 * What a stranger can make the club keep is removed in time by the club's scheduled
 * work: registrations never confirmed after 7 days (with their links), sent mail after 30 days (its
 * outbox row and, without SMTP_URL, its file). Members, and a registration that came with an invite,
 * stay.
 */
let clock = new Date();
let t: TestApp;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const register = async (email: string) => {
  const res = await t.request({
    method: "POST",
    url: "/api/Register/register",
    payload: { email, password: "long enough password", firstName: "Stranger", lastName: "Danger" },
  });
  expect(res.statusCode).toBe(201);
};
const db = () => t.app.deps.db;
const unconfirmed = () =>
  db()
    .select({ email: members.email })
    .from(members)
    .where(isNull(members.emailConfirmedAt))
    .all()
    .map((m) => m.email)
    .sort();
const rows = (table: typeof outbox | typeof emailConfirmationTokens) =>
  db().select({ n: count() }).from(table).get()?.n ?? 0;
const sentMail = async () => {
  await t.app.deps.mailer.flush();
  await t.app.deps.mailer.flush();
  return db().select({ id: outbox.id, sentAt: outbox.sentAt }).from(outbox).all();
};

describe("the club's housekeeping", () => {
  it("removes registrations never confirmed after 7 days, and sent mail (row and file) after 30", async () => {
    const member = await t.member("member@example.com");
    await register("old-stranger@example.com");
    await register("old-stranger@example.com");
    const invite = insertInvite(db(), {
      tokenHash: "h",
      email: null,
      createdBy: member.user.id,
      expiresAt: new Date(Date.now() + DAY).toISOString(),
    });
    db()
      .insert(members)
      .values({
        email: "invited@example.com",
        passwordHash: "x",
        firstName: "In",
        lastName: "Vited",
        status: "active",
        inviteId: invite.id,
      })
      .run();
    const mail = await sentMail();
    expect(mail.length).toBeGreaterThanOrEqual(2);
    expect(mail.every((m) => m.sentAt !== null)).toBe(true);
    const files = mail.map((m) => outboxFile(t.app.deps.config.outboxDir, m.id));
    expect(files.every((file) => existsSync(file))).toBe(true);
    expect(rows(emailConfirmationTokens)).toBe(2);

    // Six days on: nothing is old enough.
    clock = new Date(Date.now() + 6 * DAY);
    await t.app.clubJobs.run();
    expect(unconfirmed()).toEqual([
      "invited@example.com",
      "old-stranger@example.com",
      "old-stranger@example.com",
    ]);

    // Eight days on, a newer registration beside them: the two old ones go, with their links.
    clock = new Date(Date.now() + 8 * DAY);
    await register("new-stranger@example.com");
    db()
      .update(members)
      .set({ createdAt: clock.toISOString() })
      .where(eq(members.email, "new-stranger@example.com"))
      .run();
    await t.app.clubJobs.run();
    expect(unconfirmed()).toEqual(["invited@example.com", "new-stranger@example.com"]);
    expect(rows(emailConfirmationTokens)).toBe(1);
    expect(db().select().from(members).where(eq(members.id, member.user.id)).get()).toBeDefined();
    expect(files.every((file) => existsSync(file))).toBe(true);

    // 31 days on: the mail sent on the first day goes, row and file; the newer stays.
    const before = new Set((await sentMail()).map((m) => m.id));
    clock = new Date(Date.now() + 31 * DAY);
    db()
      .update(outbox)
      .set({ sentAt: clock.toISOString() })
      .where(eq(outbox.id, Math.max(...before)))
      .run();
    await t.app.clubJobs.run();
    const left = (await sentMail()).map((m) => m.id);
    expect(left).toEqual([Math.max(...before)]);
    for (const m of mail) expect(existsSync(outboxFile(t.app.deps.config.outboxDir, m.id))).toBe(false);
    expect(readdirSync(t.app.deps.config.outboxDir)).toEqual([outboxFile("", Math.max(...before))]);
  });
});
