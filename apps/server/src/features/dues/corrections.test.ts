import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DuesMember, DuesReport, DuesStatement } from "@club/shared";
import { multipartBody } from "../../../test/fuzz/fixtures";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { runDuesJob } from "./job";

/**
 * The ledger a treasurer can hand to the club's auditor. Corrections by voids (REST and
 * tRPC), the sanity check, undo as a void, members from before the app (openings), one standing,
 * the report. The club's clock is moved by hand.
 */
let t: TestApp;
let clock = new Date("2026-11-23T12:00:00Z");
type M = Awaited<ReturnType<TestApp["member"]>>;
let treasurer: M;
let admin: M;
let ann: M;

beforeAll(async () => {
  t = await createTestApp({ env: { CLUB_TIMEZONE: "Europe/London" }, now: () => clock });
  treasurer = await t.member(undefined, { role: "treasurer" });
  admin = await t.member(undefined, { role: "admin" });
  ann = await t.member();
  runDuesJob(t.app.deps);
});
afterAll(() => t.close());

const sql = () => t.app.deps.db.$client;
const count = (table: string) =>
  (sql().prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
/** Everything a refused request must leave as it was. */
const state = () =>
  JSON.stringify([
    sql().prepare("SELECT * FROM dues_entries ORDER BY id").all(),
    sql().prepare("SELECT * FROM dues_openings ORDER BY member_id").all(),
    sql().prepare("SELECT id, dues_from, joined_at FROM members ORDER BY id").all(),
    count("activity"),
  ]);
const send = (method: "GET" | "POST" | "PUT", url: string, token?: string, payload?: object) =>
  t.request({ method, url, token, ...(payload ? { payload } : {}) });
const statementOf = async (memberId: number) =>
  (await send("GET", `/api/Dues/Members/${memberId}`, treasurer.token)).json<DuesStatement>();
const pay = (memberId: number, amount: number, extra: object = {}) =>
  send("POST", "/api/Dues/Payments", treasurer.token, {
    memberId,
    amount,
    date: "2026-11-23",
    method: "cash",
    ...extra,
  });

describe("a newcomer's first day", () => {
  it("is due $52.00, never behind, on their own page and on the treasurer's list alike", async () => {
    const me = (await send("GET", "/api/Dues/Me", ann.token)).json<DuesStatement>();
    expect(me).toMatchObject({
      balance: 52,
      standing: "due",
      amountDue: 52,
      amountBehind: 0,
      monthsBehind: 0,
      dueDate: "2026-11-23",
      memberSince: "2026-11-23",
      waiverEligibleFrom: "2027-11-24",
      opening: { recorded: false, joiningFeePaid: false, firstChargedMonth: "2026-11" },
    });
    const row = (await send("GET", "/api/Dues", treasurer.token))
      .json<DuesMember[]>()
      .find((m) => m.member.id === ann.user.id);
    expect(row).toMatchObject({ standing: "due", amountDue: 52, amountBehind: 0, dueDate: "2026-11-23" });
  });
});

describe("the treasurer's correction: mistyped payment -> void -> the right payment", () => {
  let typo: number;

  it("asks before recording a payment of more than a year ahead, naming what it pays through; nothing stored", async () => {
    const before = state();
    const res = await pay(ann.user.id, 520);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: { code: "CONFIRM_LARGE_PAYMENT", message: "This pays through February 2030. Record it anyway?" },
    });
    expect(state()).toBe(before);
    // A year ahead exactly is not questioned: $52 owed + 12 x $12.
    const year = await t.caller(treasurer.user).dues.pay({
      memberId: admin.user.id,
      amount: 196,
      date: "2026-11-23",
      method: "cash",
      note: "",
    });
    expect(year.balance).toBe(-144);
  });

  it("asks over tRPC too, with the reason in the error's data", async () => {
    await expect(
      t
        .caller(treasurer.user)
        .dues.pay({ memberId: ann.user.id, amount: 520, date: "2026-11-23", method: "cash" }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This pays through February 2030. Record it anyway?",
    });
    const res = await t.request({
      method: "POST",
      url: "/trpc/dues.pay",
      token: treasurer.token,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ memberId: ann.user.id, amount: 520, date: "2026-11-23", method: "cash" }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { data: { reason: "CONFIRM_LARGE_PAYMENT" } } });
  });

  it("asks about a payment dated before the member joined", async () => {
    const res = await pay(ann.user.id, 12, { date: "2026-11-20" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: "CONFIRM_LARGE_PAYMENT",
      message: `This does not pay a whole month yet. It is dated November 20, 2026, before ${await memberName(ann)} became a member (November 23, 2026). Record it anyway?`,
    });
  });

  it("records it when confirmed: $468.00 in credit, paid through February 2030", async () => {
    const res = await pay(ann.user.id, 520, { confirm: true, note: "At the meeting" });
    expect(res.statusCode).toBe(201);
    const statement = res.json<DuesStatement>();
    expect(statement).toMatchObject({ balance: -468, standing: "in-credit", paidThrough: "2030-02" });
    typo = statement.entries.find((e) => e.kind === "payment")!.id;
  });

  it("refuses a void without a reason or with a reason too long, changing nothing", async () => {
    const before = state();
    for (const reason of ["", "   ", "x".repeat(501)]) {
      const res = await send("POST", `/api/Dues/Entries/${typo}/Void`, treasurer.token, { reason });
      expect(res.statusCode, reason).toBe(400);
      expect(res.json().error.issues.fieldErrors).toHaveProperty("reason");
    }
    expect((await send("POST", `/api/Dues/Entries/${typo}/Void`, treasurer.token, {})).statusCode).toBe(400);
    expect(
      (await send("POST", "/api/Dues/Entries/0/Void", treasurer.token, { reason: "x" })).statusCode,
    ).toBe(400);
    expect(state()).toBe(before);
  });

  it("refuses members (403) and visitors (401), changing nothing", async () => {
    const before = state();
    const asMember = await send("POST", `/api/Dues/Entries/${typo}/Void`, ann.token, { reason: "mine" });
    expect(asMember.statusCode).toBe(403);
    const asVisitor = await send("POST", `/api/Dues/Entries/${typo}/Void`, undefined, { reason: "x" });
    expect(asVisitor.statusCode).toBe(401);
    await expect(t.caller(ann.user).dues.void({ id: typo, reason: "mine" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(state()).toBe(before);
  });

  it("voids it: a reversing line that names it, with the reason; the original stays, marked", async () => {
    const res = await send("POST", `/api/Dues/Entries/${typo}/Void`, treasurer.token, {
      reason: "typed 520 instead of 52",
    });
    expect(res.statusCode).toBe(200);
    const statement = res.json<DuesStatement>();
    expect(statement).toMatchObject({ balance: 52, standing: "due", amountDue: 52, paidThrough: null });
    const original = statement.entries.find((e) => e.id === typo);
    expect(original).toMatchObject({
      kind: "payment",
      amount: -520,
      voided: true,
      voids: null,
      reason: "typed 520 instead of 52",
    });
    const reversal = statement.entries.find((e) => e.voids === typo);
    expect(reversal).toMatchObject({
      kind: "void",
      amount: 520,
      voided: false,
      date: "2026-11-23",
      method: "cash",
      reason: "typed 520 instead of 52",
    });
    expect(statement.entries.filter((e) => !e.voided && e.kind !== "void").map((e) => e.kind)).toEqual(
      expect.arrayContaining(["joining", "monthly"]),
    );
  });

  it("409 for voiding it again or voiding the void; 404 for an unknown entry; nothing changes", async () => {
    const before = state();
    const again = await send("POST", `/api/Dues/Entries/${typo}/Void`, treasurer.token, { reason: "again" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("ALREADY_VOIDED");
    const reversal = (await statementOf(ann.user.id)).entries.find((e) => e.voids === typo)!;
    const ofVoid = await send("POST", `/api/Dues/Entries/${reversal.id}/Void`, treasurer.token, {
      reason: "x",
    });
    expect(ofVoid.statusCode).toBe(409);
    expect(ofVoid.json().error.code).toBe("VOID_OF_VOID");
    const unknown = await send("POST", "/api/Dues/Entries/999999/Void", treasurer.token, { reason: "x" });
    expect(unknown.statusCode).toBe(404);
    await expect(t.caller(admin.user).dues.void({ id: typo, reason: "again" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect(state()).toBe(before);
  });

  it("the database itself refuses to edit a line or to void one twice", () => {
    expect(() => sql().prepare("UPDATE dues_entries SET amount_cents = 5200 WHERE id = ?").run(typo)).toThrow(
      /never edited/,
    );
    expect(() =>
      sql()
        .prepare(
          "INSERT INTO dues_entries (member_id, kind, date, amount_cents, voids, reason) VALUES (?, 'void', '2026-11-23', 52000, ?, 'twice')",
        )
        .run(ann.user.id, typo),
    ).toThrow();
  });

  it("then the right payment: paid up; the CSV keeps the voided line, marked, with its reason", async () => {
    const res = await pay(ann.user.id, 52, { method: "bank transfer" });
    expect(res.statusCode).toBe(201);
    expect(res.json<DuesStatement>()).toMatchObject({
      balance: 0,
      standing: "paid-up",
      paidThrough: "2026-11",
    });
    const csv = (await send("GET", "/api/Dues/Export", treasurer.token)).body.split("\r\n");
    expect(csv[0]).toBe(
      "\ufeffmember,balance,paid through (YYYY-MM),date (YYYY-MM-DD),kind,month (YYYY-MM),amount,method,note,standing,entry,voided,voids,reason,pending",
    );
    expect(csv.find((l) => l.includes(`,${typo},yes,`))).toMatch(
      /,payment,.*,cash,At the meeting,Paid up,\d+,yes,,typed 520 instead of 52,$/,
    );
    expect(csv.find((l) => l.includes(`,void,`) && l.endsWith(",typed 520 instead of 52,"))).toContain(
      `,${typo},`,
    );
  });

  it("the CSV's amounts and balances are numbers a spreadsheet adds up, negative ones included", async () => {
    const csv = (await send("GET", "/api/Dues/Export?bom=false", treasurer.token)).body;
    const rows = Papa.parse<Record<string, unknown>>(csv, {
      header: true,
      dynamicTyping: true,
      skipEmptyLines: true,
    }).data;
    expect(rows.some((r) => typeof r.amount === "number" && r.amount < 0)).toBe(true);
    for (const r of rows) {
      expect(typeof r.amount, JSON.stringify(r)).toBe("number");
      expect(typeof r.balance, JSON.stringify(r)).toBe("number");
    }
    const total = rows.reduce((s, r) => s + Math.round((r.amount as number) * 100), 0);
    const inDb = (sql().prepare("SELECT sum(amount_cents) AS c FROM dues_entries").get() as { c: number }).c;
    expect(total).toBe(inDb);
  });

  it("every ledger write is an activity entry naming the member; the void's before and after", async () => {
    const entries = await t.caller(admin.user).activity.list({ entity: "duesEntry", limit: 10 });
    const voided = entries.find((e) => e.action === "dues.void")!;
    expect(voided.before).toMatchObject({ id: typo, kind: "payment", amountCents: -52000, method: "cash" });
    expect(voided.after).toMatchObject({ kind: "void", voids: typo, reason: "typed 520 instead of 52" });
    expect((voided.after as { memberName: string }).memberName).toMatch(/^Test Member\d+$/);
    expect(entries.filter((e) => e.action === "dues.pay").length).toBeGreaterThanOrEqual(2);
  });
});

describe("undo of a ledger write is a void", () => {
  let bob: M;
  beforeAll(async () => {
    bob = await t.member();
    runDuesJob(t.app.deps);
  });

  const newest = async (by: M, action: string) =>
    (await t.caller(by.user).activity.list({ limit: 20 })).find((e) => e.action === action)!;

  it("undoing a payment voids it with the reason 'Undone'; again is a 409", async () => {
    await t
      .caller(treasurer.user)
      .dues.pay({ memberId: bob.user.id, amount: 25, date: "2026-11-23", method: "card" });
    const entry = await newest(treasurer, "dues.pay");
    expect(entry.undoable).toBe(true);
    const res = await send("POST", `/api/Activity/${entry.id}/Undo`, treasurer.token);
    expect(res.statusCode).toBe(200);
    const statement = await statementOf(bob.user.id);
    const line = statement.entries.find((e) => e.kind === "payment")!;
    expect(line).toMatchObject({ voided: true, reason: "Undone" });
    expect(statement.balance).toBe(52);
    const again = await send("POST", `/api/Activity/${entry.id}/Undo`, treasurer.token);
    expect(again.statusCode).toBe(409);
    // The undo's own entry is a void: it cannot be undone.
    const undoEntry = (await t.caller(treasurer.user).activity.list({ limit: 5 })).find(
      (e) => e.action === "activity.undo",
    )!;
    expect(undoEntry.after).toMatchObject({ kind: "void", reason: "Undone" });
    expect(undoEntry.undoable).toBe(false);
    expect((await send("POST", `/api/Activity/${undoEntry.id}/Undo`, treasurer.token)).statusCode).toBe(409);
  });

  it("a void itself cannot be undone; a payment voided since cannot be undone either", async () => {
    const paid = await t.caller(treasurer.user).dues.pay({
      memberId: bob.user.id,
      amount: 10,
      date: "2026-11-23",
      method: "cash",
    });
    const line = paid.entries.find((e) => e.kind === "payment" && !e.voided)!;
    const payEntry = await newest(treasurer, "dues.pay");
    await t.caller(treasurer.user).dues.void({ id: line.id, reason: "wrong member" });
    const voidEntry = await newest(treasurer, "dues.void");
    for (const id of [voidEntry.id, payEntry.id]) {
      const res = await send("POST", `/api/Activity/${id}/Undo`, treasurer.token);
      expect(res.statusCode).toBe(409);
    }
  });

  it("undoing a waiver voids each of its months; a plain member can neither undo nor see it", async () => {
    sql().prepare("UPDATE members SET joined_at = '2024-01-10T10:00:00Z' WHERE id = ?").run(bob.user.id);
    await t
      .caller(treasurer.user)
      .dues.waive({ memberId: bob.user.id, fromMonth: "2026-12", months: 3, reason: "Hardship" });
    const entry = await newest(treasurer, "dues.waive");
    expect(entry.after).toMatchObject({ months: ["2026-12", "2027-01", "2027-02"], amountCents: -3600 });
    // Ann is a plain member: the entry is not hers to see, nor to undo.
    const annSees = await t.caller(ann.user).activity.list({ limit: 200 });
    expect(annSees.some((e) => e.entity === "duesEntry" && e.id === entry.id)).toBe(false);
    expect(annSees.some((e) => e.entity === "duesEntry")).toBe(true); // her own
    expect((await send("POST", `/api/Activity/${entry.id}/Undo`, ann.token)).statusCode).toBe(403);
    // An admin may undo the treasurer's waiver.
    expect((await send("POST", `/api/Activity/${entry.id}/Undo`, admin.token)).statusCode).toBe(200);
    const waivers = (await statementOf(bob.user.id)).entries.filter((e) => e.kind === "waiver");
    expect(waivers).toHaveLength(3);
    expect(waivers.every((w) => w.voided && w.reason === "Undone")).toBe(true);
    // The months can be waived again: only live waivers count.
    const again = await t.caller(treasurer.user).dues.waive({
      memberId: bob.user.id,
      fromMonth: "2026-12",
      months: 1,
      reason: "Hardship",
    });
    expect(again.entries.filter((e) => e.kind === "waiver" && !e.voided)).toHaveLength(1);
  });
});

describe("a member from before the app: the opening of their ledger", () => {
  let cy: M;
  beforeAll(async () => {
    cy = await t.member();
    runDuesJob(t.app.deps); // enrolled today as a newcomer: joining fee and November
  });
  const open = (body: object, token = treasurer.token, memberId = cy.user.id) =>
    send("PUT", `/api/Dues/Members/${memberId}/Opening`, token, {
      memberSince: "2019-03-05",
      joiningFeePaid: true,
      firstChargedMonth: "2026-11",
      openingBalance: 24,
      note: "Owed September and October",
      ...body,
    });

  it("refuses bad openings with a 400 naming the field, storing nothing", async () => {
    const before = state();
    const cases: [object, string][] = [
      [{ memberSince: "2026-11-24" }, "memberSince"], // tomorrow in the club's zone
      [{ memberSince: "2030-01-01" }, "memberSince"],
      [{ memberSince: "2019-02-30" }, "memberSince"],
      [{ memberSince: "5 March 2019" }, "memberSince"],
      [{ firstChargedMonth: "2026-13" }, "firstChargedMonth"],
      [{ firstChargedMonth: "2026-1" }, "firstChargedMonth"],
      [{ firstChargedMonth: "2026-12" }, "firstChargedMonth"], // after this month
      [{ firstChargedMonth: "2019-02" }, "firstChargedMonth"], // before memberSince
      [{ openingBalance: 12.345 }, "openingBalance"],
      [{ openingBalance: 100_000.01 }, "openingBalance"],
      [{ openingBalance: -100_000.01 }, "openingBalance"],
      [{ openingBalance: "24" }, "openingBalance"],
      [{ joiningFeePaid: "yes" }, "joiningFeePaid"],
      [{ note: "x".repeat(501) }, "note"],
    ];
    for (const [body, field] of cases) {
      const res = await open(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.issues.fieldErrors, JSON.stringify(body)).toHaveProperty(field);
    }
    expect((await open({}, ann.token)).statusCode).toBe(403);
    const visitor = await t.request({
      method: "PUT",
      url: `/api/Dues/Members/${cy.user.id}/Opening`,
      payload: {
        memberSince: "2019-03-05",
        joiningFeePaid: true,
        firstChargedMonth: "2026-11",
        openingBalance: 0,
      },
    });
    expect(visitor.statusCode).toBe(401);
    expect((await open({}, treasurer.token, 999_999)).statusCode).toBe(404);
    expect(state()).toBe(before);
  });

  it("sets it: the joining fee and contradicted months voided ('opening'), $24 brought forward, behind", async () => {
    const res = await open({});
    expect(res.statusCode).toBe(200);
    const s = res.json<DuesStatement>();
    expect(s).toMatchObject({
      balance: 36,
      standing: "behind",
      amountDue: 36,
      amountBehind: 24,
      monthsBehind: 0,
      memberSince: "2019-03-05",
      waiverEligibleFrom: "2020-03-06",
      opening: {
        memberSince: "2019-03-05",
        joiningFeePaid: true,
        firstChargedMonth: "2026-11",
        openingBalance: 24,
        note: "Owed September and October",
        recorded: true,
      },
    });
    expect(s.entries.find((e) => e.kind === "joining")).toMatchObject({ voided: true, reason: "opening" });
    expect(s.entries.find((e) => e.kind === "opening")).toMatchObject({ amount: 24, voided: false });
    const activity = await t.caller(treasurer.user).activity.list({ entity: "duesOpening", limit: 1 });
    expect(activity[0]).toMatchObject({ action: "dues.setOpening", undoable: true });
    expect(activity[0]!.before).toMatchObject({ recorded: false, joiningFeePaid: false });
  });

  it("then a hardship waiver is granted (members of more than 12 months, counted from memberSince)", async () => {
    const res = await send("POST", "/api/Dues/Waivers", treasurer.token, {
      memberId: cy.user.id,
      fromMonth: "2026-11",
      months: 1,
      reason: "Lost their job",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<DuesStatement>()).toMatchObject({ balance: 24, standing: "behind", amountBehind: 24 });
    // A waiver before they joined asks first.
    const early = await send("POST", "/api/Dues/Waivers", treasurer.token, {
      memberId: cy.user.id,
      fromMonth: "2019-01",
      months: 2,
      reason: "Typo",
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toEqual({
      code: "CONFIRM_EARLY_WAIVER",
      message: `This waives January 2019 to February 2019, before ${await memberName(cy)} became a member (March 5, 2019). Record it anyway?`,
    });
  });

  it("changed: an earlier first month charges the months between; a later one voids them again", async () => {
    const earlier = (await open({ firstChargedMonth: "2026-09", openingBalance: 0 })).json<DuesStatement>();
    const months = (s: DuesStatement) =>
      s.entries
        .filter((e) => e.kind === "monthly" && !e.voided)
        .map((e) => e.month)
        .sort();
    expect(months(earlier)).toEqual(["2026-09", "2026-10", "2026-11"]);
    expect(earlier.entries.find((e) => e.kind === "opening")).toMatchObject({
      voided: true,
      reason: "opening",
    });
    expect(earlier).toMatchObject({ balance: 24, standing: "behind", monthsBehind: 2, amountBehind: 24 });
    const later = (await open({ firstChargedMonth: "2026-11", openingBalance: 24 })).json<DuesStatement>();
    expect(months(later)).toEqual(["2026-11"]);
    expect(later.balance).toBe(24);
  });

  it("undone from the activity log: the opening before comes back, and with it its charges", async () => {
    const [last] = await t.caller(treasurer.user).activity.list({ entity: "duesOpening", limit: 1 });
    const res = await send("POST", `/api/Activity/${last!.id}/Undo`, treasurer.token);
    expect(res.statusCode).toBe(200);
    const s = await statementOf(cy.user.id);
    expect(s.opening).toMatchObject({ firstChargedMonth: "2026-09", openingBalance: 0 });
    expect(
      s.entries
        .filter((e) => e.kind === "monthly" && !e.voided)
        .map((e) => e.month)
        .sort(),
    ).toEqual(["2026-09", "2026-10", "2026-11"]);
    // Changing it again since makes the older entry's undo a 409.
    const first = (await t.caller(treasurer.user).activity.list({ entity: "duesOpening", limit: 10 })).at(
      -1,
    )!;
    expect(first.undoable).toBe(false);
  });

  it("undoing the very first opening brings the newcomer's ledger back: joining fee charged again", async () => {
    const dan = await t.member();
    runDuesJob(t.app.deps);
    await t.caller(admin.user).dues.setOpening({
      memberId: dan.user.id,
      memberSince: "2020-06-01",
      joiningFeePaid: true,
      firstChargedMonth: "2026-11",
      openingBalance: -12,
      note: "Paid November in cash before the app",
    });
    const opened = await statementOf(dan.user.id);
    expect(opened).toMatchObject({ balance: 0, standing: "paid-up", paidThrough: "2026-11" });
    const [entry] = await t.caller(admin.user).activity.list({ entity: "duesOpening", limit: 1 });
    await t.caller(admin.user).activity.undo({ id: entry!.id });
    const back = await statementOf(dan.user.id);
    expect(back).toMatchObject({ balance: 52, standing: "due", opening: { recorded: false } });
    expect(back.entries.filter((e) => e.kind === "joining" && !e.voided)).toHaveLength(1);
  });

  it("months before the first charged month are never charged again by the job", async () => {
    clock = new Date("2027-01-02T12:00:00Z");
    let s: DuesStatement;
    try {
      runDuesJob(t.app.deps);
      runDuesJob(t.app.deps);
      s = await statementOf(cy.user.id);
    } finally {
      clock = new Date("2026-11-23T12:00:00Z");
    }
    expect(
      s.entries
        .filter((e) => e.kind === "monthly" && !e.voided)
        .map((e) => e.month)
        .sort(),
    ).toEqual(["2026-09", "2026-10", "2026-11", "2026-12", "2027-01"]);
    clock = new Date("2026-11-23T12:00:00Z");
  });
});

async function memberName(m: M): Promise<string> {
  const row = sql()
    .prepare("SELECT first_name AS f, last_name AS l FROM members WHERE id = ?")
    .get(m.user.id) as {
    f: string;
    l: string;
  };
  return `${row.f} ${row.l}`;
}

describe("the treasurer's report", () => {
  it("JSON and CSV for a period; the totals reconcile; member and visitor refused", async () => {
    const res = await send("GET", "/api/Dues/Report?from=2026-01&to=2026-12", treasurer.token);
    expect(res.statusCode).toBe(200);
    const r = res.json<DuesReport>();
    expect(r.from).toBe("2026-01");
    expect(r.to).toBe("2026-12");
    expect(r.byMonth).toHaveLength(12);
    const cents = (n: number) => Math.round(n * 100);
    expect(cents(r.openingOwed) + cents(r.charges) - cents(r.payments) - cents(r.waivers)).toBe(
      cents(r.closingOwed),
    );
    const november = r.byMonth.find((m) => m.month === "2026-11")!;
    expect(cents(r.byMonth.reduce((s, m) => s + m.received, 0))).toBe(cents(r.payments));
    expect(cents(Object.values(november.byMethod).reduce((s, v) => s + v, 0))).toBe(cents(november.received));
    // The $520 typo and its void cancel out in November's cash.
    expect(november.byMethod["bank transfer"]).toBeGreaterThanOrEqual(52);
    expect(r.voids.find((v) => v.reason === "typed 520 instead of 52")).toMatchObject({
      kind: "payment",
      amount: -520,
      method: "cash",
    });
    // Who owes at the end: the sum of the club's live lines per member.
    const owed = sql()
      .prepare(
        "SELECT member_id AS id, sum(amount_cents) AS c FROM dues_entries WHERE date <= '2026-12-31' GROUP BY member_id HAVING c > 0",
      )
      .all() as { id: number; c: number }[];
    expect(r.owing.map((o) => [o.member.id, cents(o.amount)]).sort()).toEqual(
      owed.map((o) => [o.id, o.c]).sort(),
    );

    const csv = await send("GET", "/api/Dues/Report?from=2026-01&to=2026-12&format=csv", treasurer.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(
      'attachment; filename="dues-report-2026-01-to-2026-12.csv"',
    );
    const lines = csv.body.split("\r\n");
    expect(lines[0]).toBe("\ufeffsection,month,member,item,amount,note");
    expect(lines).toContain(`totals,,,closing owed,${r.closingOwed.toFixed(2)},at the end of 2026-12`);
    expect(
      lines.some((l) => l.startsWith("voided,2026-11,") && l.endsWith(",-520.00,typed 520 instead of 52")),
    ).toBe(true);

    expect((await send("GET", "/api/Dues/Report", ann.token)).statusCode).toBe(403);
    expect((await send("GET", "/api/Dues/Report")).statusCode).toBe(401);
  });

  it("defaults to this year so far, from the ledger's first month; tRPC answers the same JSON", async () => {
    const rest = (await send("GET", "/api/Dues/Report", treasurer.token)).json<DuesReport>();
    // The club's ledger began in 2026 (its earliest line: September's charge of an opening).
    const first = (sql().prepare("SELECT min(date) AS d FROM dues_entries").get() as { d: string }).d;
    expect(first.slice(0, 4)).toBe("2026");
    expect([rest.from, rest.to]).toEqual([first.slice(0, 7), "2026-11"]);
    expect(rest.byMonth.every((m) => m.month >= first.slice(0, 7))).toBe(true);
    // One end given: that end's calendar year.
    const year = (await send("GET", "/api/Dues/Report?from=2026-03", treasurer.token)).json<DuesReport>();
    expect([year.from, year.to]).toEqual(["2026-03", "2026-12"]);
    const trpc = await t.caller(treasurer.user).dues.report({});
    expect(trpc).toEqual(rest);
    await expect(t.caller(ann.user).dues.report({})).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("400 naming the field for a bad period", async () => {
    for (const [query, field] of [
      ["from=2026-13", "from"],
      ["to=26-01", "to"],
      ["from=2026-06&to=2026-01", "to"],
      ["from=2000-01&to=2026-12", "to"],
      ["format=xml", "format"],
    ] as const) {
      const res = await send("GET", `/api/Dues/Report?${query}`, treasurer.token);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.issues.fieldErrors, query).toHaveProperty(field);
    }
  });
});

describe("over tRPC's HTTP transport (the web app's)", () => {
  const call = (path: string, input: unknown, token = treasurer.token) =>
    t.request({
      method: "POST",
      url: `/trpc/${path}`,
      token,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(input),
    });
  const query = (path: string, input: unknown, token = treasurer.token) =>
    t.request({
      method: "GET",
      url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
      token,
    });

  it("dues.void: 400 naming the field, 404, 409 with its reason, 403; nothing stored on a refusal", async () => {
    const eve = await t.member();
    runDuesJob(t.app.deps);
    const charge = (await statementOf(eve.user.id)).entries.find((e) => e.kind === "joining")!;
    const before = state();
    const empty = await call("dues.void", { id: charge.id, reason: " " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.data.zodError.fieldErrors).toHaveProperty("reason");
    expect((await call("dues.void", { id: 999_999, reason: "x" })).json().error.data.code).toBe("NOT_FOUND");
    expect((await call("dues.void", { id: charge.id, reason: "x" }, eve.token)).statusCode).toBe(403);
    expect(state()).toBe(before);
    const ok = await call("dues.void", { id: charge.id, reason: "joined in error" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.data.entries.find((e: { id: number }) => e.id === charge.id)).toMatchObject({
      voided: true,
      reason: "joined in error",
    });
    const twice = await call("dues.void", { id: charge.id, reason: "again" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.data.reason).toBe("ALREADY_VOIDED");
  });

  it("dues.setOpening: the same 400s as REST, naming the field; then the opening", async () => {
    const fay = await t.member();
    runDuesJob(t.app.deps);
    const body = {
      memberId: fay.user.id,
      memberSince: "2020-02-02",
      joiningFeePaid: true,
      firstChargedMonth: "2026-11",
      openingBalance: 0,
      note: "",
    };
    const before = state();
    for (const [bad, field] of [
      [{ memberSince: "2026-11-24" }, "memberSince"],
      [{ firstChargedMonth: "2026-12" }, "firstChargedMonth"],
      [{ openingBalance: 0.001 }, "openingBalance"],
      [{ openingBalance: 100_001 }, "openingBalance"],
    ] as const) {
      const res = await call("dues.setOpening", { ...body, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.data.zodError.fieldErrors, JSON.stringify(bad)).toHaveProperty(field);
    }
    expect(state()).toBe(before);
    const ok = await call("dues.setOpening", { ...body, openingBalance: -100_000 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.data).toMatchObject({ standing: "in-credit", memberSince: "2020-02-02" });
  });

  it("dues.report and dues.member answer the treasurer; a member gets a 403", async () => {
    const report = await query("dues.report", { from: "2026-11", to: "2026-11" });
    expect(report.statusCode).toBe(200);
    expect(report.json().result.data).toMatchObject({ from: "2026-11", to: "2026-11" });
    expect((await query("dues.report", {}, ann.token)).statusCode).toBe(403);
    const bad = await query("dues.report", { from: "2026-11", to: "2026-10" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.data.zodError.fieldErrors).toHaveProperty("to");
  });
});

describe("a club restore keeps the ledger whole", () => {
  it("voids, their marks and the openings come back as they were (the triggers accept them)", async () => {
    const res = await t.request({ method: "GET", url: "/api/Club/Export", token: admin.token });
    expect(res.statusCode).toBe(200);
    const file = res.json<{ tables: Record<string, { columns: string[]; rows: unknown[][] }> }>();
    const voids = file.tables.dues_entries!;
    expect(voids.rows.some((row) => row[voids.columns.indexOf("kind")] === "void")).toBe(true);
    expect(file.tables.dues_openings!.rows.length).toBeGreaterThan(0);
    const fresh = await createTestApp({ now: () => clock });
    try {
      const freshAdmin = await fresh.member(undefined, { role: "admin" });
      const body = multipartBody([
        { name: "file", filename: "club.json", contentType: "application/json", data: res.body },
        { name: "confirm", data: "REPLACE" },
      ]);
      const restored = await fresh.request({
        method: "POST",
        url: "/api/Club/Import",
        payload: body.payload,
        headers: { "content-type": body.contentType },
        token: freshAdmin.token,
      });
      expect(restored.statusCode, restored.body).toBe(200);
      const rows = (app: TestApp, table: string) =>
        app.app.deps.db.$client.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all();
      expect(rows(fresh, "dues_entries")).toEqual(rows(t, "dues_entries"));
      expect(rows(fresh, "dues_openings")).toEqual(rows(t, "dues_openings"));
    } finally {
      await fresh.close();
    }
  });
});
