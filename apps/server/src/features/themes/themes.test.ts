import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { meetings, themes } from "@club/db";
import { NEVER_USED_DATE, ServerMessages } from "@club/shared";
import type { AuthUser } from "../../kernel/context";
import { createTestApp, type TestApp } from "../../../test/helpers";

let t: TestApp;
let user: AuthUser;
let token: string;

beforeEach(async () => {
  t = await createTestApp();
  ({ user, token } = await t.member());
});
afterEach(() => t.close());

const LIST = "/api/MonthlyThemes/WithLastDate";
const POST = "/api/MonthlyThemes";

const themeCount = () =>
  (t.app.deps.db.$client.prepare("SELECT count(*) AS n FROM themes").get() as { n: number }).n;
const theme = (description: string) =>
  t.app.deps.db.insert(themes).values({ description }).returning({ id: themes.id }).get().id;
const meeting = (date: string, themeId: number) =>
  t.app.deps.db.insert(meetings).values({ date, hostName: "Host", themeId }).run();

describe("GET /api/MonthlyThemes/WithLastDate", () => {
  it("answers [] when there are no themes", async () => {
    const res = await t.request({ method: "GET", url: LIST });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("lists {id, name, lastDate} sorted by name; year 1 when never used, or only ahead", async () => {
    const rye = theme("Rye Revival");
    const islay = theme("islay Peat Monsters");
    const bourbon = theme("Bourbon Basics");
    const future = theme("Cask Strength Showdown");
    meeting("2025-01-10", bourbon);
    meeting("2025-03-14", bourbon);
    meeting("2025-02-14", bourbon);
    meeting("2025-02-14", islay);
    meeting("2999-12-13", future);
    const res = await t.request({ method: "GET", url: LIST });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: bourbon, name: "Bourbon Basics", lastDate: "2025-03-14T00:00:00", createdBy: null },
      // A meeting still ahead has not used its theme yet.
      { id: future, name: "Cask Strength Showdown", lastDate: NEVER_USED_DATE, createdBy: null },
      { id: islay, name: "islay Peat Monsters", lastDate: "2025-02-14T00:00:00", createdBy: null },
      { id: rye, name: "Rye Revival", lastDate: NEVER_USED_DATE, createdBy: null },
    ]);
    expect(NEVER_USED_DATE).toBe("0001-01-01T00:00:00");
    expect(new Date(`${NEVER_USED_DATE}Z`).getUTCFullYear()).toBe(1);
  });

  it("is the same data as tRPC themes.list", async () => {
    meeting("2025-05-09", theme("Japanese Whisky Night"));
    theme("Wheated Bourbons");
    const rest = (await t.request({ method: "GET", url: LIST })).json();
    expect(rest).toHaveLength(2);
    expect(await t.caller(null).themes.list()).toEqual(rest);
  });
});

describe("POST /api/MonthlyThemes", () => {
  it("creates a theme from {id: 0, description}: 201 {id, description}", async () => {
    const res = await t.request({
      method: "POST",
      url: POST,
      token,
      payload: { id: 0, description: " Sherry Bombs " },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: number; description: string }>();
    expect(body).toEqual({ id: expect.any(Number), description: "Sherry Bombs" });
    expect((await t.request({ method: "GET", url: LIST })).json()).toEqual([
      { id: body.id, name: "Sherry Bombs", lastDate: NEVER_USED_DATE, createdBy: user.id },
    ]);
  });

  it("ignores the id the client sends, and accepts none", async () => {
    theme("Existing");
    const res = await t.request({
      method: "POST",
      url: POST,
      token,
      payload: { id: 777, description: "Peated Bourbon?" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().id).not.toBe(777);
    const noId = await t.request({
      method: "POST",
      url: POST,
      token,
      payload: { description: "Finished Ryes" },
    });
    expect(noId.statusCode).toBe(201);
    expect(themeCount()).toBe(3);
  });

  it("requires a valid bearer token: 401 and nothing stored", async () => {
    for (const bearer of [undefined, "garbage"]) {
      const res = await t.request({
        method: "POST",
        url: POST,
        token: bearer,
        payload: { id: 0, description: "Nope" },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: "UNAUTHORIZED", message: expect.any(String) } });
    }
    expect(themeCount()).toBe(0);
  });

  it.each([
    ["an empty description", { id: 0, description: "" }],
    ["a blank description", { id: 0, description: "   " }],
    ["a missing description", { id: 0 }],
    ["a numeric description", { id: 0, description: 42 }],
    ["a description that is too long", { id: 0, description: "x".repeat(201) }],
    ["a string id", { id: "0", description: "Fine" }],
  ])("refuses %s with 400 and stores nothing", async (_label, payload) => {
    const res = await t.request({ method: "POST", url: POST, token, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: "BAD_REQUEST", message: ServerMessages.validation });
    expect(themeCount()).toBe(0);
  });

  it("refuses malformed JSON with 400", async () => {
    const res = await t.request({
      method: "POST",
      url: POST,
      token,
      body: '{"id": 0, "description": "Oops"',
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: "BAD_REQUEST", message: ServerMessages.malformedJson });
    expect(themeCount()).toBe(0);
  });

  it("refuses a name already taken, whatever its case, with 409", async () => {
    theme("Islay Peat Monsters");
    const res = await t.request({
      method: "POST",
      url: POST,
      token,
      payload: { id: 0, description: "ISLAY peat monsters " },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: "CONFLICT", message: ServerMessages.themeExists } });
    expect(themeCount()).toBe(1);
  });

  it("tRPC themes.create behaves the same", async () => {
    await expect(t.caller(null).themes.create({ id: 0, description: "Nope" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    await expect(t.caller(user).themes.create({ id: 0, description: " " })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    const created = await t.caller(user).themes.create({ id: 0, description: "Cask Strength Showdown" });
    expect(created).toEqual({ id: expect.any(Number), description: "Cask Strength Showdown" });
    await expect(
      t.caller(user).themes.create({ description: "cask strength showdown" }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect((await t.request({ method: "GET", url: LIST })).json()).toEqual([
      { id: created.id, name: "Cask Strength Showdown", lastDate: NEVER_USED_DATE, createdBy: user.id },
    ]);
  });
});
