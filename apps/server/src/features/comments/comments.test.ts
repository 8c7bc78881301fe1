import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthUser } from "../../kernel/context";
import { members } from "@club/db";
import { COMMENT_MAX, ServerMessages } from "@club/shared";
import { eq } from "drizzle-orm";
import { errorOf, newBottle, postJson, snapshot } from "../../../test/bottleFixtures";
import { createTestApp, type TestApp } from "../../../test/helpers";

let t: TestApp;
let alice: { token: string; user: AuthUser };
let bob: { token: string; user: AuthUser };
let bottleId: number;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.member();
  bob = await t.member();
  t.app.deps.db
    .update(members)
    .set({ firstName: "Alice", lastName: "Archer" })
    .where(eq(members.id, alice.user.id))
    .run();
  t.app.deps.db
    .update(members)
    .set({ firstName: "Bob", lastName: "Baker" })
    .where(eq(members.id, bob.user.id))
    .run();
  bottleId = await newBottle(t, alice.token, { name: "Commented" });
});
afterAll(() => t.close());

const list = (id: number | string) => t.request({ method: "GET", url: `/api/BottleComments/bottle/${id}` });
const post = (body: Record<string, unknown>, token?: string) =>
  postJson(t, "/api/BottleComments", body, token);

describe("GET /api/BottleComments/bottle/{bottleId}", () => {
  it("answers [] for a bottle without comments", async () => {
    const empty = await newBottle(t, alice.token, { name: "Quiet" });
    const res = await list(empty);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("answers 404 for an unknown bottle and 400 for a bad id", async () => {
    const res = await list(999_999);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toEqual({ code: "NOT_FOUND", message: ServerMessages.bottleNotFound });
    expect((await list("abc")).statusCode).toBe(400);
  });
});

describe("POST /api/BottleComments", () => {
  it("adds a trimmed comment and answers 201 with exactly the Comment fields", async () => {
    const res = await post({ bottleId, comment: "  Caramel, then oak.  " }, alice.token);
    expect(res.statusCode).toBe(201);
    const body = res.json<{ createdAt: string }>();
    expect(body).toEqual({
      id: expect.any(Number),
      comment: "Caramel, then oak.",
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      memberId: alice.user.id,
      member: { firstName: "Alice", lastName: "Archer" },
    });
    expect(Math.abs(Date.parse(body.createdAt) - Date.now())).toBeLessThan(60_000);
  });

  it("lists comments oldest first with their authors, visible to visitors", async () => {
    const second = await post({ bottleId, comment: "Too hot for me." }, bob.token);
    const third = await post({ bottleId, comment: "Add water!" }, alice.token);
    const res = await list(bottleId);
    expect(res.statusCode).toBe(200);
    const comments = res.json<{ comment: string; member: { firstName: string } }[]>();
    expect(comments.map((c) => [c.comment, c.member.firstName])).toEqual([
      ["Caramel, then oak.", "Alice"],
      ["Too hot for me.", "Bob"],
      ["Add water!", "Alice"],
    ]);
    expect(comments[1]).toEqual(second.json());
    expect(comments[2]).toEqual(third.json());
  });

  it.each([
    ["an empty comment", { comment: "" }],
    ["a blank comment", { comment: "   \n\t " }],
    ["a missing comment", {}],
    ["a comment that is not text", { comment: 42 }],
    ["a comment over the limit", { comment: "x".repeat(COMMENT_MAX + 1) }],
    ["a missing bottleId", { bottleId: undefined, comment: "Nice." }],
    ["a string bottleId", { bottleId: "1", comment: "Nice." }],
  ])("refuses %s with 400 and changes nothing", async (_label, body) => {
    const before = snapshot(t);
    const res = await post({ bottleId, ...body }, alice.token);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe("BAD_REQUEST");
    expect(snapshot(t)).toEqual(before);
  });

  it("answers 404 for an unknown bottle and changes nothing", async () => {
    const before = snapshot(t);
    const res = await post({ bottleId: 999_999, comment: "Where is it?" }, alice.token);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toEqual({ code: "NOT_FOUND", message: ServerMessages.bottleNotFound });
    expect(snapshot(t)).toEqual(before);
  });

  it("answers 401 without a valid token and changes nothing", async () => {
    const before = snapshot(t);
    expect((await post({ bottleId, comment: "Anonymous" })).statusCode).toBe(401);
    expect((await post({ bottleId, comment: "Forged" }, "a.b.c")).statusCode).toBe(401);
    expect(snapshot(t)).toEqual(before);
  });

  it("answers 401 (not a 500) for a still-valid token whose member is gone", async () => {
    const ghost = await t.member();
    t.app.deps.db.delete(members).where(eq(members.id, ghost.user.id)).run();
    const before = snapshot(t);
    const res = await post({ bottleId, comment: "Boo" }, ghost.token);
    expect(res.statusCode).toBe(401);
    expect(snapshot(t)).toEqual(before);
  });
});

describe("tRPC comments procedures match their REST twins", () => {
  it("byBottle returns what REST returns; create returns the same shape", async () => {
    const viaTrpc = await t.caller(bob.user).comments.create({ bottleId, comment: "  Via tRPC.  " });
    expect(viaTrpc).toEqual({
      id: expect.any(Number),
      comment: "Via tRPC.",
      memberId: bob.user.id,
      createdAt: expect.any(String),
      member: { firstName: "Bob", lastName: "Baker" },
    });
    const rest = await list(bottleId);
    expect(await t.caller().comments.byBottle({ bottleId })).toEqual(rest.json());
    expect(rest.json<unknown[]>().at(-1)).toEqual(viaTrpc);
  });

  it("refuses visitors, blank comments and unknown bottles", async () => {
    const before = snapshot(t);
    await expect(t.caller().comments.create({ bottleId, comment: "Hi" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    await expect(t.caller(alice.user).comments.create({ bottleId, comment: "  " })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(
      t.caller(alice.user).comments.create({ bottleId: 999_999, comment: "Hi" }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(t.caller().comments.byBottle({ bottleId: 999_999 })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(snapshot(t)).toEqual(before);
  });
});
