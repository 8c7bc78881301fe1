import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { insertConfirmationToken, insertMember } from "@club/db";
import { randomToken, sha256 } from "../../src/platform/tokens";
import type { TestApp } from "../helpers";

/**
 * The fixtures every endpoint example runs against (test/fuzz/endpoints.ts), and helpers the
 * features' examples.ts files use to build well-formed calls.
 */
export const PASSWORD = "correct horse battery";

export interface Fixtures {
  member: Awaited<ReturnType<TestApp["member"]>>;
  memberEmail: string;
  themeId: number;
  meetingId: number;
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

export async function seedFixtures(t: TestApp): Promise<Fixtures> {
  const member = await t.member();
  const caller = t.caller(member.user);
  const theme = await caller.themes.create({ id: 0, description: "Fixture theme" });
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
  const upload = multipartBody([
    { name: "image", filename: "b.png", contentType: "image/png", data: await tinyPng() },
  ]);
  const res = await t.request({
    method: "POST",
    url: `/api/Bottles/UploadImage?bottleId=${imageBottle.id}`,
    payload: upload.payload,
    headers: { "content-type": upload.contentType },
    token: member.token,
  });
  if (res.statusCode !== 200) throw new Error(`fixture upload failed: ${res.statusCode} ${res.body}`);
  const instance = await caller.instances.create({
    bottleId: bottle.id,
    datePurchased: "2024-05-01",
    purchasePrice: 39.99,
  });
  await caller.comments.create({ bottleId: bottle.id, comment: "Fixture comment" });
  const detail = await caller.bottles.byId({ id: bottle.id });
  return {
    member,
    memberEmail: member.user.email,
    themeId: theme.id,
    meetingId: meeting.id,
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
  const row = insertMember(c.t.app.deps.db, { email, passwordHash: "x", firstName: "P", lastName: "M" });
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

/**
 * A feature's well-formed calls (features/<feature>/examples.ts): the input of each of its
 * procedures, and a REST call for each of its REST-only routes ("POST /api/Bottles/UploadImage").
 * The fuzz, permission and OpenAPI tests find every procedure and route here, or fail.
 */
export interface Examples {
  procedures?: Record<string, (c: EndpointCtx) => unknown>;
  rest?: Record<string, (c: EndpointCtx) => RestCall | Promise<RestCall>>;
}
