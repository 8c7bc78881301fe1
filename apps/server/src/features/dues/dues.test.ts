import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DuesMember, DuesStatement } from "@club/shared";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { runDuesJob } from "./job";

/** The dues ledger over REST, with the club's clock moved across months. */
let t: TestApp;
let clock = new Date("2026-11-23T12:00:00Z");
let treasurer: Awaited<ReturnType<TestApp["member"]>>;
let ann: Awaited<ReturnType<TestApp["member"]>>;

beforeAll(async () => {
  t = await createTestApp({ env: { CLUB_TIMEZONE: "Europe/London" }, now: () => clock });
  treasurer = await t.member(undefined, { role: "treasurer" });
  ann = await t.member();
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.request({ method: "GET", url, token });
const post = (url: string, token: string, payload: Record<string, unknown>) =>
  t.request({ method: "POST", url, token, payload });
const ledgerRows = () =>
  (t.app.deps.db.$client.prepare("SELECT count(*) AS n FROM dues_entries").get() as { n: number }).n;

describe("a new member's dues", () => {
  it("joining: $40 plus the first month, $52; then $12 on the first of each month, charged once", async () => {
    const me = (await get("/api/Dues/Me", ann.token)).json<DuesStatement>();
    expect(me.balance).toBe(52);
    expect(me.paidThrough).toBeNull();
    expect(me.entries.map((e) => [e.kind, e.amount, e.month])).toEqual(
      expect.arrayContaining([
        ["joining", 40, "2026-11"],
        ["monthly", 12, "2026-11"],
      ]),
    );
    clock = new Date("2027-01-01T00:30:00Z"); // two months on, the server was off in December
    runDuesJob(t.app.deps);
    const rows = ledgerRows();
    runDuesJob(t.app.deps); // idempotent
    expect(ledgerRows()).toBe(rows);
    const later = (await get("/api/Dues/Me", ann.token)).json<DuesStatement>();
    expect(later.balance).toBe(76);
    expect(later.entries.filter((e) => e.kind === "monthly").map((e) => e.month)).toEqual([
      "2027-01",
      "2026-12",
      "2026-11",
    ]);
  });

  it("the treasurer records a payment covering several months; paid-through moves ahead", async () => {
    const paid = await post("/api/Dues/Payments", treasurer.token, {
      memberId: ann.user.id,
      amount: 100,
      date: "2026-11-23",
      method: "cash",
      note: "Through March",
    });
    expect(paid.statusCode).toBe(201);
    const statement = paid.json<DuesStatement>();
    expect(statement.balance).toBe(-24);
    expect(statement.paidThrough).toBe("2027-03");
    const all = (await get("/api/Dues", treasurer.token)).json<DuesMember[]>();
    expect(all.find((m) => m.member.id === ann.user.id)).toMatchObject({ balance: -24, monthsBehind: 0 });
    const csv = await get("/api/Dues/Export", treasurer.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.body).toContain("Through March");
  });

  it("refuses bad payments with a 400 that changes nothing, and non-treasurers with a 403", async () => {
    const before = ledgerRows();
    for (const bad of [
      { amount: 0 },
      { amount: -5 },
      { amount: 12.345 },
      { date: "2999-01-01" },
      { method: "bitcoin" },
      { memberId: "1" },
    ]) {
      const res = await post("/api/Dues/Payments", treasurer.token, {
        memberId: ann.user.id,
        amount: 12,
        date: "2026-11-20",
        method: "cash",
        ...bad,
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const unknown = await post("/api/Dues/Payments", treasurer.token, {
      memberId: 999999,
      amount: 12,
      date: "2026-11-20",
      method: "cash",
    });
    expect(unknown.statusCode).toBe(404);
    const asMember = await post("/api/Dues/Payments", ann.token, {
      memberId: ann.user.id,
      amount: 12,
      date: "2026-11-20",
      method: "cash",
    });
    expect(asMember.statusCode).toBe(403);
    expect((await get("/api/Dues", ann.token)).statusCode).toBe(403);
    expect((await get("/api/Dues/Export", ann.token)).statusCode).toBe(403);
    expect((await get("/api/Dues/Export")).statusCode).toBe(401);
    expect(ledgerRows()).toBe(before);
  });
});

describe("hardship waivers", () => {
  it("only for a member of more than 12 months, 1-6 months, at most 6 in any 12; a refusal names the rule", async () => {
    const waive = (memberId: number, fromMonth: string, months: number) =>
      post("/api/Dues/Waivers", treasurer.token, { memberId, fromMonth, months, reason: "Hardship" });
    const young = await waive(ann.user.id, "2027-02", 2);
    expect(young.statusCode).toBe(409);
    expect(young.json().error.message).toBe("Hardship waivers are for members of more than 12 months.");

    const old = await t.member();
    t.app.deps.db.$client
      .prepare("UPDATE members SET joined_at = ?, dues_from = ? WHERE id = ?")
      .run("2025-06-01T10:00:00Z", "2025-06", old.user.id);
    const ok = await waive(old.user.id, "2027-01", 4);
    expect(ok.statusCode).toBe(201);
    expect(ok.json<DuesStatement>().entries.filter((e) => e.kind === "waiver")).toHaveLength(4);
    const tooMany = await waive(old.user.id, "2027-06", 3);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toBe("At most 6 months can be waived in any 12 months.");
    expect((await waive(old.user.id, "2027-02", 1)).json().error.message).toBe("2027-02 is already waived.");
    expect((await waive(old.user.id, "2028-06", 7)).statusCode).toBe(400);
    expect((await waive(old.user.id, "2028-13", 1)).statusCode).toBe(400);
  });
});

describe("leaving and coming back", () => {
  it("no charges while deactivated; back without a second joining fee", async () => {
    const bob = await t.member();
    runDuesJob(t.app.deps); // joins in January 2027
    const admin = await t.member(undefined, { role: "admin" });
    await t.caller(admin.user).members.deactivate({ id: bob.user.id });
    clock = new Date("2027-04-02T12:00:00Z");
    runDuesJob(t.app.deps);
    await t.caller(admin.user).members.reactivate({ id: bob.user.id });
    runDuesJob(t.app.deps);
    const statement = (await get(`/api/Dues/Members/${bob.user.id}`, treasurer.token)).json<DuesStatement>();
    expect(statement.entries.filter((e) => e.kind === "joining")).toHaveLength(1);
    expect(statement.entries.filter((e) => e.kind === "monthly").map((e) => e.month)).toEqual([
      "2027-04",
      "2027-01",
    ]);
  });
});
