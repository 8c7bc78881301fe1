import { rmSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { closeDb, openDb } from "@club/db";
import { prepareDataDir, startServer, type ServerProcess } from "../bench/serverProcess";

/**
 * Crash safety: the real server process is killed with SIGKILL in the middle of a burst of writes.
 * After a restart the database passes PRAGMA integrity_check and holds every write that was
 * acknowledged with a 2xx before the kill.
 */

type Ack = { kind: "theme" | "meeting" | "bottle"; id: number; key: string };

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanups.splice(0).reverse()) fn();
});

describe("SIGKILL in the middle of a burst of writes", () => {
  it("loses no acknowledged write and leaves an intact database", async () => {
    const data = await prepareDataDir();
    cleanups.push(() => rmSync(data.dataDir, { recursive: true, force: true }));
    const server: ServerProcess = await startServer(data.dataDir);
    cleanups.push(() => server.child.kill("SIGKILL"));

    const acked: Ack[] = [];
    const serverErrors: string[] = [];
    let unknownOutcome = 0;
    let killed = false;
    const headers = { "content-type": "application/json", authorization: `Bearer ${data.token}` };

    const write = async (worker: number, i: number) => {
      const key = `crash ${worker}-${i}`;
      const kind = (["theme", "meeting", "bottle"] as const)[i % 3] ?? "theme";
      const [url, body] =
        kind === "theme"
          ? ["/api/MonthlyThemes", { id: 0, description: key }]
          : kind === "meeting"
            ? [
                "/api/MonthlyMeetings/PostMonthlyMeetingsWithNames",
                { date: "2026-11-13", hostName: key, themeId: data.themeIds[i % data.themeIds.length] },
              ]
            : ["/api/Bottles/NewBottle", { name: key, newBrand: `brand ${key}`, abv: 40 + (i % 20) }];
      try {
        const res = await fetch(`${server.baseUrl}${url}`, {
          method: "POST",
          headers,
          body: JSON.stringify(body),
        });
        const text = await res.text();
        if (res.status === 201) acked.push({ kind, id: (JSON.parse(text) as { id: number }).id, key });
        else if (res.status >= 500) serverErrors.push(`${res.status} ${text}`);
      } catch {
        unknownOutcome++; // the connection died with the process: the write may or may not have landed
      }
    };

    const workers = Array.from({ length: 16 }, async (_, w) => {
      for (let i = 0; !killed; i++) await write(w, i);
    });
    const deadline = Date.now() + 20_000;
    while (acked.length < 300 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    server.child.kill("SIGKILL");
    killed = true;
    await Promise.all(workers);
    expect((await server.exited).signal).toBe("SIGKILL");

    expect(serverErrors).toEqual([]);
    expect(acked.length).toBeGreaterThanOrEqual(300);
    console.log(`crash test: ${acked.length} acknowledged writes, ${unknownOutcome} in flight at the kill`);

    // Restart on the same data; it must come up and serve.
    const again = await startServer(data.dataDir);
    cleanups.push(() => again.child.kill("SIGKILL"));

    const db = openDb(data.dbFile);
    try {
      expect(db.$client.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(db.$client.pragma("foreign_key_check")).toEqual([]);
      const lookup = {
        theme: db.$client.prepare("SELECT description AS key FROM themes WHERE id = ?").pluck(),
        meeting: db.$client.prepare("SELECT host_name AS key FROM meetings WHERE id = ?").pluck(),
        bottle: db.$client.prepare("SELECT name AS key FROM bottles WHERE id = ?").pluck(),
      };
      const missing = acked.filter((a) => lookup[a.kind].get(a.id) !== a.key);
      expect(missing).toEqual([]);
      // Every bottle that exists has its brand (one transaction: brand + bottle).
      const orphans = db.$client
        .prepare(
          "SELECT count(*) FROM bottles b LEFT JOIN brands r ON r.id = b.brand_id WHERE b.name LIKE 'crash %' AND r.id IS NULL",
        )
        .pluck()
        .get();
      expect(orphans).toBe(0);
    } finally {
      closeDb(db);
    }

    const list = await fetch(`${again.baseUrl}/api/MonthlyThemes/WithLastDate`).then(
      (r) => r.json() as Promise<{ id: number }[]>,
    );
    const ids = new Set(list.map((x) => x.id));
    for (const a of acked.filter((x) => x.kind === "theme")) expect(ids.has(a.id)).toBe(true);
    const res = await fetch(`${again.baseUrl}/api/MonthlyThemes`, {
      method: "POST",
      headers,
      body: JSON.stringify({ id: 0, description: "after the crash" }),
    });
    expect(res.status).toBe(201);
  }, 90_000);
});
