import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServerMessages } from "@club/shared";
import { multipartBody, uploadTinyPng } from "../../test/fuzz/endpoints";
import { createTestApp, type TestApp } from "../../test/helpers";

/**
 * Maintenance while a club restore runs: reads answer, every write gets 503 with Retry-After and
 * the message the web app shows, over REST, tRPC (alone and batched) and uploads; then writes
 * work again.
 */
describe("maintenance while the club is restored", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp["member"]>>;
  let bottleId: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.member(undefined, { role: "admin" });
    bottleId = (await t.caller(admin.user).bottles.create({ name: "Restored Malt", abv: 40 })).id;
  });
  afterAll(() => t.close());

  const newTheme = (description: string) =>
    t.request({
      method: "POST",
      url: "/api/MonthlyThemes",
      payload: { id: 0, description },
      token: admin.token,
    });
  const trpcMutation = (batch: boolean) =>
    t.request({
      method: "POST",
      url: batch ? "/trpc/themes.create,themes.create?batch=1" : "/trpc/themes.create",
      payload: batch
        ? { 0: { id: 0, description: "Batched one" }, 1: { id: 0, description: "Batched two" } }
        : { id: 0, description: "From tRPC" },
      token: admin.token,
    });

  /** What every kind of write answers now, and that reads still answer. */
  async function expectWritesRefused() {
    const rest = await newTheme("During the restore");
    expect(rest.statusCode).toBe(503);
    expect(rest.headers["retry-after"]).toBe("5");
    expect(rest.json()).toEqual({ error: { code: "MAINTENANCE", message: ServerMessages.restoring } });

    const single = await trpcMutation(false);
    expect(single.statusCode).toBe(503);
    expect(single.headers["retry-after"]).toBe("5");
    expect(single.json()).toMatchObject({
      error: {
        message: ServerMessages.restoring,
        data: { code: "SERVICE_UNAVAILABLE", httpStatus: 503, reason: "MAINTENANCE" },
      },
    });
    const batch = await trpcMutation(true);
    expect(batch.statusCode).toBe(503);
    expect(batch.json<unknown[]>().map((r) => (r as { error: { message: string } }).error.message)).toEqual([
      ServerMessages.restoring,
      ServerMessages.restoring,
    ]);

    const upload = await uploadTinyPng(t, bottleId, admin.token);
    expect(upload.statusCode).toBe(503);
    const login = await t.request({
      method: "POST",
      url: "/login",
      payload: { email: admin.user.email, password: "correct horse battery" },
    });
    expect(login.statusCode).toBe(503);

    // Reads go on: REST, tRPC, the health check.
    expect((await t.request({ method: "GET", url: "/api/MonthlyThemes/WithLastDate" })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/trpc/themes.list" })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: `/api/Bottles/${bottleId}` })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  }

  it("refuses every write while it lasts, answers reads, and lets writes in again after", async () => {
    let finish!: () => void;
    const restoring = t.app.deps.maintenance.during(() => new Promise<void>((resolve) => (finish = resolve)));
    expect(t.app.deps.maintenance.active).toBe(true);
    await expectWritesRefused();
    const themesBefore = (await t.caller(null).themes.list()).map((x) => x.name);
    expect(themesBefore).not.toContain("During the restore");
    finish();
    await restoring;
    expect(t.app.deps.maintenance.active).toBe(false);
    expect((await newTheme("After the restore")).statusCode).toBe(201);
  });

  it("is on for as long as POST /api/Club/Import restores, and off when it is done", async () => {
    const file = (await t.request({ method: "GET", url: "/api/Club/Export", token: admin.token })).body;
    // Another connection holds the write lock, so the restore (in its worker) waits for it: the
    // test looks at the server while the restore is certainly running.
    const blocker = new Database(t.app.deps.config.dbFile);
    blocker.exec("BEGIN IMMEDIATE");
    const body = multipartBody([
      { name: "file", filename: "club.json", contentType: "application/json", data: file },
      { name: "confirm", data: "REPLACE" },
    ]);
    const restore = t.request({
      method: "POST",
      url: "/api/Club/Import",
      payload: body.payload,
      headers: { "content-type": body.contentType },
      token: admin.token,
    });
    try {
      while (!t.app.deps.maintenance.active) await new Promise((resolve) => setImmediate(resolve));
      const refused = await newTheme("While importing");
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ error: { code: "MAINTENANCE", message: ServerMessages.restoring } });
      expect((await t.request({ method: "GET", url: "/api/MonthlyThemes/WithLastDate" })).statusCode).toBe(
        200,
      );
    } finally {
      blocker.exec("COMMIT");
      blocker.close();
    }
    const done = await restore;
    expect(done.statusCode, done.body).toBe(200);
    expect(t.app.deps.maintenance.active).toBe(false);
    // The restore logged everyone out of the restored accounts' old tokens or not: a new one writes.
    const again = await t.member(undefined, { role: "admin" });
    const after = await t.request({
      method: "POST",
      url: "/api/MonthlyThemes",
      payload: { id: 0, description: "After importing" },
      token: again.token,
    });
    expect(after.statusCode).toBe(201);
  });
});
