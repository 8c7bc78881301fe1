import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Guest } from "@club/shared";
import {
  createTestApp,
  decodeQuotedPrintable,
  startSmtpSink,
  type SmtpSink,
  type TestApp,
} from "../../../test/helpers";

/** A guest may join: after the night the host invites a guest who left an address to become a member. */
let smtp: SmtpSink;
let t: TestApp;
type M = Awaited<ReturnType<TestApp["member"]>>;
let host: M;
let ann: M;
let admin: M;
let meetingId: number;
let laterId: number;
// Friday, December 11, 2026 at 22:00 in London: the night is on.
const clock = new Date("2026-12-11T22:00:00Z");

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ env: { CLUB_TIMEZONE: "Europe/London" }, smtpPort: smtp.port, now: () => clock });
  admin = await t.member(undefined, { role: "admin" });
  host = await t.member();
  ann = await t.member("ann@example.com");
  const themeId = (await t.caller(host.user).themes.create({ description: "Guest night" })).id;
  meetingId = (await t.caller(host.user).meetings.create({ date: "2026-12-11", hostName: "Host", themeId }))
    .id;
  laterId = (await t.caller(host.user).meetings.create({ date: "2027-01-08", hostName: "Host", themeId })).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const send = (method: "GET" | "POST", url: string, token?: string, payload?: unknown) =>
  t.request({ method, url, token, payload: payload as Record<string, unknown> });
const join = async (id: number, firstName: string, email?: string) => {
  const { code } = await t.caller(host.user).guests.openCode({ id });
  const res = await send("POST", "/api/Guests/Join", undefined, {
    code,
    firstName,
    ...(email ? { email } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ guestId: number }>().guestId;
};
const invite = (id: number, guestId: number, token?: string) =>
  send("POST", `/api/MonthlyMeetings/${id}/Guests/${guestId}/Invite`, token);

describe("inviting a guest to become a member", () => {
  it("a guest leaves an address; after the night the host sends one invite with the sign-up link", async () => {
    const gina = await join(meetingId, "Gina", " Gina@Example.com ");
    const listed = (await send("GET", `/api/MonthlyMeetings/${meetingId}/Guests`, host.token)).json<
      Guest[]
    >();
    expect(listed.find((g) => g.id === gina)).toMatchObject({ email: "gina@example.com", invitedAt: null });

    expect((await invite(meetingId, gina)).statusCode).toBe(401);
    expect((await invite(meetingId, gina, ann.token)).statusCode).toBe(403);
    const sent = await invite(meetingId, gina, host.token);
    expect(sent.statusCode).toBe(201);
    const mail = decodeQuotedPrintable(await smtp.waitForMessage("gina@example.com", 10_000, "Join the"));
    expect(mail).toContain("Hello Gina,");
    expect(mail).toContain("invites you to become a member");
    const link = /http:\/\/club\.test\/register\?invite=[\w-]+&email=gina%40example\.com/.exec(mail);
    expect(link).not.toBeNull();
    // The invite is the club's usual one: single use, for that address.
    const invites = (await send("GET", "/api/Invites", admin.token)).json<{ email: string | null }[]>();
    expect(invites.map((i) => i.email)).toContain("gina@example.com");

    // Once.
    const again = await invite(meetingId, gina, host.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { message: "This guest is invited already." } });
    const after = (await send("GET", `/api/MonthlyMeetings/${meetingId}/Guests`, host.token)).json<Guest[]>();
    expect(after.find((g) => g.id === gina)?.invitedAt).not.toBeNull();
  });

  it("refuses a guest without an address, a member's address, a night to come, and a bad address", async () => {
    const noAddress = await join(meetingId, "Nadia");
    const r1 = await invite(meetingId, noAddress, host.token);
    expect(r1.statusCode).toBe(409);
    expect(r1.json()).toMatchObject({ error: { message: "This guest left no email address." } });
    const member = await join(meetingId, "Ann", "ann@example.com");
    expect((await invite(meetingId, member, host.token)).json()).toMatchObject({
      error: { message: "This address is a member's already." },
    });
    const early = await join(laterId, "Early", "early@example.com");
    expect((await invite(laterId, early, host.token)).json()).toMatchObject({
      error: { message: "Invite guests to join once the night has come." },
    });
    // Another meeting's guest is not found here.
    expect((await invite(meetingId, early, host.token)).statusCode).toBe(404);
    const { code } = await t.caller(host.user).guests.openCode({ id: meetingId });
    const bad = await send("POST", "/api/Guests/Join", undefined, {
      code,
      firstName: "Bea",
      email: "not an address",
    });
    expect(bad.statusCode).toBe(400);
    expect(smtp.messages.filter((m) => m.to.includes("early@example.com"))).toHaveLength(0);
  });
});
