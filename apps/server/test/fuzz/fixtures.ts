import type { ApiPath } from "../../src/app/contract";
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { insertConfirmationToken, insertMember, insertPasswordResetToken, sessionHasEnded } from "@club/db";
import { randomToken, sha256 } from "../../src/platform/tokens";
import type { TestApp } from "../helpers";

/**
 * The fixtures every endpoint example runs against (test/fuzz/endpoints.ts), and helpers the
 * features' examples.ts files use to build well-formed calls.
 */
export const PASSWORD = "correct horse battery";

type TestMember = Awaited<ReturnType<TestApp["member"]>>;

export interface Fixtures {
  /** The member who created every fixture below (the author, for ownership checks). */
  member: TestMember;
  memberEmail: string;
  /** Another member (role member), an admin and the treasurer. */
  other: TestMember;
  admin: TestMember;
  treasurer: TestMember;
  /** A member deactivated after their access token was issued: the token has not expired. */
  deactivated: TestMember;
  themeId: number;
  /** A past meeting created by `member`, with the fixture bottle as its first pour. */
  meetingId: number;
  /** A meeting still to come (members can answer for it). */
  upcomingMeetingId: number;
  bottleId: number;
  /** A bottle that has an uploaded image. */
  imageBottleId: number;
  instanceId: number;
  brandId: number;
  drinkTypeId: number;
  countryId: number;
  stateId: number;
}

export interface EndpointCtx {
  t: TestApp;
  f: Fixtures;
  /** A number that is new at every call (unique names and emails). */
  n: () => number;
}

let counter = 0;
export const makeCtx = (t: TestApp, f: Fixtures): EndpointCtx => ({ t, f, n: () => ++counter });

/** A small real PNG. */
export const tinyPng = () =>
  sharp({ create: { width: 12, height: 8, channels: 3, background: "#8a5a2b" } })
    .png()
    .toBuffer();

/** Uploads a small real PNG as the bottle's image (POST /api/Bottles/UploadImage), as `token`. */
export async function uploadTinyPng(t: TestApp, bottleId: number, token: string) {
  const upload = multipartBody([
    { name: "image", filename: "b.png", contentType: "image/png", data: await tinyPng() },
  ]);
  return t.request({
    method: "POST",
    url: `/api/Bottles/UploadImage?bottleId=${bottleId}`,
    payload: upload.payload,
    headers: { "content-type": upload.contentType },
    token,
  });
}

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand, so tests control every byte. */
export function multipartBody(
  parts: MultipartPart[],
  boundary = `----clubtest${randomBytes(8).toString("hex")}`,
) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += "\r\n";
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.data), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** How many fixture sets were seeded: names stay unique when a suite seeds a new set. */
let seeded = 0;

export async function seedFixtures(t: TestApp): Promise<Fixtures> {
  const admin = await t.member(undefined, { role: "admin" });
  const member = await t.member();
  const other = await t.member();
  const treasurer = await t.member(undefined, { role: "treasurer" });
  const deactivated = await t.member();
  await t.caller(admin.user).members.deactivate({ id: deactivated.user.id });
  const caller = t.caller(member.user);
  const theme = await caller.themes.create({ id: 0, description: `Fixture theme ${++seeded}` });
  const meeting = await caller.meetings.create({
    date: "2024-05-10",
    hostName: "Fixture host",
    themeId: theme.id,
  });
  const bottle = await caller.bottles.create({
    name: "Fixture bottle",
    newBrand: "Fixture brand",
    drinkTypeId: 1,
    countryId: 1,
    stateId: 1,
    abv: 45,
    storeLink: "https://example.com/bottle",
  });
  const imageBottle = await caller.bottles.create({ name: "Pictured bottle", abv: 40 });
  const res = await uploadTinyPng(t, imageBottle.id, member.token);
  if (res.statusCode !== 200) throw new Error(`fixture upload failed: ${res.statusCode} ${res.body}`);
  const instance = await caller.instances.create({
    bottleId: bottle.id,
    datePurchased: "2024-05-01",
    purchasePrice: 39.99,
  });
  await caller.comments.create({ bottleId: bottle.id, comment: "Fixture comment" });
  await caller.meetings.addBottle({ meetingId: meeting.id, bottleId: bottle.id });
  const upcoming = await caller.meetings.create({
    date: "2999-12-10",
    hostName: "Future host",
    themeId: theme.id,
  });
  const detail = await caller.bottles.byId({ id: bottle.id });
  return {
    member,
    memberEmail: member.user.email,
    other,
    admin,
    treasurer,
    deactivated,
    themeId: theme.id,
    meetingId: meeting.id,
    upcomingMeetingId: upcoming.id,
    bottleId: bottle.id,
    imageBottleId: imageBottle.id,
    instanceId: instance.id,
    brandId: detail.brandId ?? 1,
    drinkTypeId: 1,
    countryId: 1,
    stateId: 1,
  };
}

export async function freshRefreshToken(c: EndpointCtx) {
  return (await c.t.app.deps.tokens.issuePair(c.f.member.user)).refreshToken;
}

/** An unconfirmed member with a confirmation token we know. */
export function pendingConfirmation(c: EndpointCtx) {
  const email = `pending${c.n()}@example.com`;
  const row = insertMember(c.t.app.deps.db, {
    email,
    passwordHash: "x",
    firstName: "P",
    lastName: "M",
    status: "pending",
  });
  const token = randomToken();
  insertConfirmationToken(c.t.app.deps.db, {
    memberId: row.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
  return { token, email };
}

export async function newBottleId(c: EndpointCtx) {
  return (await c.t.caller(c.f.member.user).bottles.create({ name: `Bottle ${c.n()}`, abv: 43 })).id;
}

export async function newInstanceId(c: EndpointCtx) {
  const instance = await c.t
    .caller(c.f.member.user)
    .instances.create({ bottleId: c.f.bottleId, datePurchased: "2024-06-01", purchasePrice: 25 });
  return instance.id;
}

export interface RestCall {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  multipart?: MultipartPart[];
}

/** A confirmed, active member of the given status (pending, deactivated...) that no test logs in as. */
export function extraMember(
  c: EndpointCtx,
  values: { status?: "pending" | "active" | "deactivated"; confirmed?: boolean } = {},
) {
  const n = c.n();
  return insertMember(c.t.app.deps.db, {
    email: `extra${n}@example.com`,
    passwordHash: "x",
    firstName: "Extra",
    lastName: `Member${n}`,
    status: values.status ?? "active",
    emailConfirmedAt: values.confirmed === false ? null : new Date().toISOString(),
  });
}

/** A member with a password reset link we know. */
export function pendingReset(c: EndpointCtx) {
  const member = extraMember(c);
  const token = randomToken();
  insertPasswordResetToken(c.t.app.deps.db, {
    memberId: member.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
  return { email: member.email, token, password: "a-new-long-password" };
}

/** Who makes an example's well-formed call. */
export type ExampleCaller = "member" | "admin" | "treasurer" | "fresh";

/**
 * Who may make an example's call, stated beside it: anyone ("public"), any member, the member who
 * created what the input names and admins ("author"), the treasurer and admins, admins. An
 * expectation of its own, never read from the procedure's access code: security-permissions.test.ts
 * checks it against the server's answers to each kind of caller.
 */
export type StatedAccess = "public" | "member" | "author" | "treasurer" | "admin";

export interface ProcedureExample {
  /** Who may call it (see StatedAccess). */
  access: StatedAccess;
  input: (c: EndpointCtx) => unknown;
  /**
   * The caller of the well-formed call: the fixture member (default), an admin, the treasurer, or a
   * new member of its own ("fresh": for calls that end the caller's sessions).
   */
  as?: ExampleCaller;
}

/** A REST-only route's well-formed call, and who may make it. */
export interface RestExample {
  access: StatedAccess;
  call: (c: EndpointCtx) => RestCall | Promise<RestCall>;
}

/**
 * A feature's well-formed calls (features/<feature>/examples.ts): the input of each of its
 * procedures, and a REST call for each of its REST-only routes ("POST /api/Bottles/UploadImage"),
 * each with who may make it. The fuzz, permission and OpenAPI tests find every procedure and route
 * here, or fail.
 */
export interface Examples {
  /** Keyed by the procedure's name as a type (ApiPath): a misspelt or removed one does not compile. */
  procedures?: Partial<Record<ApiPath, ProcedureExample>>;
  rest?: Record<string, RestExample>;
}

export async function newMeetingId(c: EndpointCtx) {
  return (
    await c.t
      .caller(c.f.member.user)
      .meetings.create({ date: "2024-09-13", hostName: `Host ${c.n()}`, themeId: c.f.themeId })
  ).id;
}

export async function newThemeId(c: EndpointCtx) {
  return (await c.t.caller(c.f.member.user).themes.create({ id: 0, description: `Spare theme ${c.n()}` })).id;
}

export async function newCommentId(c: EndpointCtx) {
  return (
    await c.t.caller(c.f.member.user).comments.create({ bottleId: c.f.bottleId, comment: `Spare ${c.n()}` })
  ).id;
}

/**
 * Whether every fixture still exists. Fuzzing a delete (or an undo) with a mutated id may remove
 * one; the fuzz suites then seed a new set before the next endpoint (freshFixtures).
 */
export function fixturesIntact(c: EndpointCtx): boolean {
  const { db } = c.t.app.deps;
  const one = (table: string, id: number) =>
    db.$client.prepare(`SELECT 1 FROM ${table} WHERE id = ?`).get(id) !== undefined;
  // A fuzzed members.* or account.* call may have deactivated, demoted or signed out a fixture caller.
  const callerIntact = (who: { user: { id: number }; token: string }, role: string) =>
    db.$client
      .prepare("SELECT 1 FROM members WHERE id = ? AND status = 'active' AND role = ? AND token_version = 0")
      .get(who.user.id, role) !== undefined && sessionLive(who.token);
  // A fuzzed account.endSession may have logged a fixture caller's own session out.
  const sessionLive = (token: string) => {
    const { sid } = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as {
      sid?: number;
    };
    return sid === undefined || !sessionHasEnded(db, sid, new Date().toISOString());
  };
  return (
    callerIntact(c.f.member, "member") &&
    callerIntact(c.f.other, "member") &&
    callerIntact(c.f.admin, "admin") &&
    callerIntact(c.f.treasurer, "treasurer") &&
    one("themes", c.f.themeId) &&
    one("meetings", c.f.meetingId) &&
    one("bottles", c.f.bottleId) &&
    one("bottles", c.f.imageBottleId) &&
    one("bottle_instances", c.f.instanceId) &&
    one("meetings", c.f.upcomingMeetingId) &&
    db.$client
      .prepare("SELECT 1 FROM meeting_bottles WHERE meeting_id = ? AND bottle_id = ? AND position = 1")
      .get(c.f.meetingId, c.f.bottleId) !== undefined &&
    db.$client.prepare("SELECT 1 FROM bottle_images WHERE bottle_id = ?").get(c.f.imageBottleId) !== undefined
  );
}

/** Seeds a new set of fixtures into the same context when a fuzzed call removed one; true if it did. */
export async function freshFixtures(c: EndpointCtx): Promise<boolean> {
  if (fixturesIntact(c)) return false;
  c.f = await seedFixtures(c.t);
  return true;
}

/** A second login of the fixture member (another device): its session's id. */
export async function secondSessionOf(c: EndpointCtx): Promise<number> {
  const { accessToken } = await c.t.app.deps.tokens.issuePair(c.f.member.user);
  return (JSON.parse(Buffer.from(accessToken.split(".")[1] ?? "", "base64url").toString()) as { sid: number })
    .sid;
}
