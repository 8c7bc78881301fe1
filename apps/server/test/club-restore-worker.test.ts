import { rmSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { closeDb, members, openDb } from "@club/db";
import { eq } from "drizzle-orm";
import { prepareDataDir, startServer } from "../bench/serverProcess";

/**
 * The club restore runs in a worker thread (platform/workers.ts). The tests in src/ start it from
 * the sources through tsx; this one starts the build (`dist/server.js`), whose worker is a bundle
 * entry of its own (dist/workers/clubRestore.js): a restore through the real server works.
 */
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanups.splice(0).reverse()) fn();
});

describe("the club restore in the built server", () => {
  it("exports the club and restores the file in a worker thread", async () => {
    const data = await prepareDataDir();
    cleanups.push(() => rmSync(data.dataDir, { recursive: true, force: true }));
    const db = openDb(data.dbFile);
    db.update(members).set({ role: "admin" }).where(eq(members.id, data.member.id)).run();
    closeDb(db);
    const server = await startServer(data.dataDir);
    cleanups.push(() => server.child.kill("SIGKILL"));
    const auth = { authorization: `Bearer ${data.token}` };

    const exported = await fetch(`${server.baseUrl}/api/Club/Export`, { headers: auth });
    expect(exported.status).toBe(200);
    const file = await exported.text();
    expect(JSON.parse(file).tables.themes.rows).toHaveLength(5);

    const form = new FormData();
    form.append("file", new Blob([file], { type: "application/json" }), "club.json");
    form.append("confirm", "REPLACE");
    const restored = await fetch(`${server.baseUrl}/api/Club/Import`, {
      method: "POST",
      headers: auth,
      body: form,
    });
    const body = await restored.text();
    expect(restored.status, body).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ tables: { themes: 5, members: 1 } });

    const themes = await fetch(`${server.baseUrl}/api/MonthlyThemes/WithLastDate`, { headers: auth });
    expect(((await themes.json()) as unknown[]).length).toBe(5);
  });
});
