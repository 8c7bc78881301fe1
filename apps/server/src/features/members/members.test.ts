import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ServerMessages } from "@club/shared";
import { REGISTERED_MESSAGE } from "../auth/service";
import {
  createTestApp,
  decodeQuotedPrintable,
  startSmtpSink,
  type SmtpSink,
  type TestApp,
} from "../../../test/helpers";

/**
 * Members-only for real: registration modes, approval, invites, roles, deactivation that
 * ends sessions at once, the refresh grace window for two tabs, and account self-service.
 */
let smtp: SmtpSink;
const apps: TestApp[] = [];
beforeAll(async () => {
  smtp = await startSmtpSink();
});
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});
afterAll(() => smtp.close());

async function club(registration: string) {
  const t = await createTestApp({
    smtpPort: smtp.port,
    env: { REGISTRATION: registration, RATE_LIMIT: "false" },
  });
  apps.push(t);
  return t;
}

let n = 0;
const person = () => {
  n++;
  return {
    email: `person${n}@example.com`,
    password: `long-password-${n}`,
    firstName: "Pat",
    lastName: `Person${n}`,
  };
};

/** All links of this path in the emails sent to an address, oldest first. */
async function linksTo(to: string, path: string, count = 1): Promise<URL[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const links = smtp.messages
      .filter((m) => m.to.includes(to))
      .flatMap((m) => [
        ...decodeQuotedPrintable(m.raw).matchAll(new RegExp(`http://club\\.test${path}(\\?[^\\s"<]+)?`, "g")),
      ])
      .map((m) => new URL(m[0].replace(/&amp;/g, "&")));
    const unique = [...new Map(links.map((l) => [l.href, l])).values()];
    if (unique.length >= count) return unique;
    if (Date.now() > deadline) throw new Error(`no ${path} link for ${to}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const post = (t: TestApp, url: string, payload?: unknown, token?: string) =>
  t.request({ method: "POST", url, payload: payload as Record<string, unknown>, token });

async function registerAndConfirm(
  t: TestApp,
  p: ReturnType<typeof person>,
  extra: Record<string, unknown> = {},
) {
  const res = await post(t, "/api/Register/register", { ...p, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  const [link] = await linksTo(p.email, "/confirm-email");
  const confirm = await t.request({ method: "GET", url: `/api/Register/confirmemail${link!.search}` });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return confirm.json<{ message: string }>().message;
}

const login = (t: TestApp, p: { email: string; password: string }) =>
  post(t, "/login", { email: p.email, password: p.password });

describe("REGISTRATION=approval (the default)", () => {
  it("makes the first member of an empty club its admin, and makes the next one wait", async () => {
    const t = await club("approval");
    const first = person();
    expect(await registerAndConfirm(t, first)).toBe(ServerMessages.emailConfirmed);
    const adminLogin = await login(t, first);
    expect(adminLogin.statusCode).toBe(200);
    const admin = adminLogin.json<{ accessToken: string }>().accessToken;
    expect((await t.request({ method: "GET", url: "/api/Account", token: admin })).json()).toMatchObject({
      role: "admin",
      status: "active",
    });

    const second = person();
    expect(await registerAndConfirm(t, second)).toBe(ServerMessages.emailConfirmedPending);
    const pending = await login(t, second);
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toEqual({
      error: { code: "MEMBERSHIP_PENDING", message: ServerMessages.membershipPending },
    });
    // The admin got an email, and sees the request first in the list.
    const [review] = await linksTo(first.email, "/members");
    expect(review?.pathname).toBe("/members");
    const list = await t.request({ method: "GET", url: "/api/Members", token: admin });
    const waiting = list.json<{ id: number; email: string; status: string }[]>()[0];
    expect(waiting).toMatchObject({ email: second.email, status: "pending" });

    const approve = await post(t, `/api/Members/${waiting!.id}/Approve`, undefined, admin);
    expect(approve.statusCode).toBe(200);
    expect((await linksTo(second.email, "/login"))[0]?.pathname).toBe("/login");
    expect((await login(t, second)).statusCode).toBe(200);
    expect((await post(t, `/api/Members/${waiting!.id}/Approve`, undefined, admin)).statusCode).toBe(409);
  });

  it("rejecting a request deletes the registration; a member cannot manage members", async () => {
    const t = await club("approval");
    const admin = await t.member(undefined, { role: "admin" });
    const member = await t.member();
    const p = person();
    await registerAndConfirm(t, p);
    const list = await t.request({ method: "GET", url: "/api/Members", token: admin.token });
    const waiting = list.json<{ id: number; email: string }[]>().find((m) => m.email === p.email)!;
    expect((await post(t, `/api/Members/${waiting.id}/Reject`, undefined, member.token)).statusCode).toBe(
      403,
    );
    expect((await t.request({ method: "GET", url: "/api/Members", token: member.token })).statusCode).toBe(
      403,
    );
    expect((await post(t, `/api/Members/${waiting.id}/Reject`, undefined, admin.token)).statusCode).toBe(200);
    expect((await login(t, p)).statusCode).toBe(401);
  });
});

describe("registering an address that is taken, or registered by someone else first", () => {
  it("answers the same as for a new address and emails the owner instead", async () => {
    const t = await club("open");
    const owner = await t.member();
    const res = await post(t, "/api/Register/register", { ...person(), email: owner.user.email });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: REGISTERED_MESSAGE });
    const [reset] = await linksTo(owner.user.email, "/forgot-password");
    expect(reset?.searchParams.get("email")).toBe(owner.user.email);
    // The owner's password still works, and nobody else's does.
    expect((await login(t, { email: owner.user.email, password: "correct horse battery" })).statusCode).toBe(
      200,
    );
  });

  it("a stranger's earlier registration of your address does not give them your account", async () => {
    const t = await club("open");
    const victim = person();
    const stranger = { ...person(), email: victim.email, password: "stranger-password" };
    expect((await post(t, "/api/Register/register", stranger)).statusCode).toBe(201);
    expect((await post(t, "/api/Register/register", victim)).statusCode).toBe(201);
    const [strangersLink, victimsLink] = await linksTo(victim.email, "/confirm-email", 2);
    // The owner follows the link sent for their own registration.
    const confirm = await t.request({
      method: "GET",
      url: `/api/Register/confirmemail${victimsLink!.search}`,
    });
    expect(confirm.statusCode).toBe(200);
    expect((await login(t, victim)).statusCode).toBe(200);
    expect((await login(t, stranger)).statusCode).toBe(401);
    // The stranger's registration is gone: its link confirms nothing.
    const other = await t.request({
      method: "GET",
      url: `/api/Register/confirmemail${strangersLink!.search}`,
    });
    expect(other.statusCode).toBe(400);
    expect((await login(t, stranger)).statusCode).toBe(401);
  });
});

describe("invites", () => {
  it("REGISTRATION=invite refuses registration without an invite, and an invite arrives approved", async () => {
    const t = await club("invite");
    const admin = await t.member(undefined, { role: "admin" });
    const p = person();
    const refused = await post(t, "/api/Register/register", p);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("INVITE_REQUIRED");

    const invite = await post(t, "/api/Invites", { email: p.email }, admin.token);
    expect(invite.statusCode).toBe(201);
    const { url, expiresAt } = invite.json<{ url: string; expiresAt: string }>();
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    const token = new URL(url).searchParams.get("invite")!;
    // Bound to an address: another one cannot use it.
    const otherEmail = await post(t, "/api/Register/register", { ...person(), invite: token });
    expect(otherEmail.statusCode).toBe(403);
    expect(await registerAndConfirm(t, p, { invite: token })).toBe(ServerMessages.emailConfirmed);
    expect((await login(t, p)).statusCode).toBe(200);
    // Single use.
    const again = await post(t, "/api/Register/register", { ...person(), email: p.email, invite: token });
    expect(again.statusCode).toBe(400);
  });

  it("REGISTRATION=closed: only invites get in, and they keep working", async () => {
    const t = await club("closed");
    const admin = await t.member(undefined, { role: "admin" });
    const p = person();
    const refused = await post(t, "/api/Register/register", p);
    expect(refused.json().error.code).toBe("REGISTRATION_CLOSED");
    const { url } = (await post(t, "/api/Invites", {}, admin.token)).json<{ url: string }>();
    const token = new URL(url).searchParams.get("invite")!;
    await registerAndConfirm(t, p, { invite: token });
    expect((await login(t, p)).statusCode).toBe(200);
  });

  it("lists the open invites; a revoked one stops working at once, a used one cannot be revoked", async () => {
    const t = await club("invite");
    const admin = await t.member(undefined, { role: "admin" });
    const member = await t.member();
    const p = person();
    const forPat = (await post(t, "/api/Invites", { email: p.email }, admin.token)).json<{
      id: number;
      url: string;
    }>();
    const anyone = (await post(t, "/api/Invites", {}, admin.token)).json<{ id: number; url: string }>();
    const open = async () =>
      (await t.request({ method: "GET", url: "/api/Invites", token: admin.token })).json<
        { id: number; email: string | null; createdBy: string | null }[]
      >();
    expect((await open()).map((i) => [i.id, i.email])).toEqual([
      [anyone.id, null],
      [forPat.id, p.email],
    ]);
    expect((await open())[0]!.createdBy).toMatch(/^Test Member/);
    // Admins only, both ways.
    expect((await t.request({ method: "GET", url: "/api/Invites", token: member.token })).statusCode).toBe(
      403,
    );
    const byMember = await t.request({
      method: "DELETE",
      url: `/api/Invites/${anyone.id}`,
      token: member.token,
    });
    expect(byMember.statusCode).toBe(403);

    const revoked = await t.request({
      method: "DELETE",
      url: `/api/Invites/${anyone.id}`,
      token: admin.token,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await open()).map((i) => i.id)).toEqual([forPat.id]);
    const token = new URL(anyone.url).searchParams.get("invite")!;
    const refused = await post(t, "/api/Register/register", { ...person(), invite: token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(ServerMessages.inviteInvalid);
    const again = await t.request({ method: "DELETE", url: `/api/Invites/${anyone.id}`, token: admin.token });
    expect(again.statusCode).toBe(404);

    await registerAndConfirm(t, p, { invite: new URL(forPat.url).searchParams.get("invite")! });
    expect(await open()).toEqual([]);
    const used = await t.request({ method: "DELETE", url: `/api/Invites/${forPat.id}`, token: admin.token });
    expect(used.statusCode).toBe(409);
    expect(used.json().error.message).toBe(ServerMessages.inviteUsed);
  });

  it("an expired or unknown invite is refused", async () => {
    const t = await club("open");
    const unknown = await post(t, "/api/Register/register", { ...person(), invite: "nope" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(ServerMessages.inviteInvalid);
  });
});

describe("roles and deactivation", () => {
  it("the last admin cannot be demoted or deactivated", async () => {
    const t = await club("open");
    const admin = await t.member(undefined, { role: "admin" });
    const demote = await t.request({
      method: "PUT",
      url: `/api/Members/${admin.user.id}/Role`,
      payload: { role: "member" },
      token: admin.token,
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.code).toBe("LAST_ADMIN");
    expect(
      (await post(t, `/api/Members/${admin.user.id}/Deactivate`, undefined, admin.token)).statusCode,
    ).toBe(409);
    const second = await t.member();
    const promote = await t.request({
      method: "PUT",
      url: `/api/Members/${second.user.id}/Role`,
      payload: { role: "admin" },
      token: admin.token,
    });
    expect(promote.statusCode).toBe(200);
    // The role counts at once, without a new token.
    expect((await t.request({ method: "GET", url: "/api/Members", token: second.token })).statusCode).toBe(
      200,
    );
    const now = await t.request({
      method: "PUT",
      url: `/api/Members/${admin.user.id}/Role`,
      payload: { role: "treasurer" },
      token: admin.token,
    });
    expect(now.statusCode).toBe(200);
  });

  it("deactivating a member ends their sessions at once: the unexpired access token and the refresh token", async () => {
    const t = await club("open");
    const admin = await t.member(undefined, { role: "admin" });
    const m = await t.member();
    expect((await t.request({ method: "GET", url: "/api/Account", token: m.token })).statusCode).toBe(200);
    expect((await post(t, `/api/Members/${m.user.id}/Deactivate`, undefined, admin.token)).statusCode).toBe(
      200,
    );
    expect((await t.request({ method: "GET", url: "/api/Account", token: m.token })).statusCode).toBe(401);
    expect((await post(t, "/api/Register/refresh", { refreshToken: m.refreshToken })).statusCode).toBe(401);
    const relogin = await login(t, { email: m.user.email, password: "correct horse battery" });
    expect(relogin.json().error.code).toBe("MEMBERSHIP_DEACTIVATED");
    expect((await post(t, `/api/Members/${m.user.id}/Reactivate`, undefined, admin.token)).statusCode).toBe(
      200,
    );
    expect((await login(t, { email: m.user.email, password: "correct horse battery" })).statusCode).toBe(200);
  });
});

describe("sessions", () => {
  it("two tabs refreshing with the same token at once both get the same new pair; later reuse revokes", async () => {
    const t = await club("open");
    const m = await t.member();
    const [a, b] = await Promise.all([
      post(t, "/api/Register/refresh", { refreshToken: m.refreshToken }),
      post(t, "/api/Register/refresh", { refreshToken: m.refreshToken }),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    const pair = a.json<{ accessToken: string; refreshToken: string }>();
    expect(
      (await t.request({ method: "GET", url: "/api/Account", token: pair.accessToken })).statusCode,
    ).toBe(200);
    // After the grace window, the old token again is theft: the family goes.
    t.app.deps.db.$client
      .prepare("UPDATE refresh_tokens SET rotated_at = ? WHERE rotated_at IS NOT NULL")
      .run(new Date(Date.now() - 60_000).toISOString());
    expect((await post(t, "/api/Register/refresh", { refreshToken: m.refreshToken })).statusCode).toBe(401);
    expect((await post(t, "/api/Register/refresh", { refreshToken: pair.refreshToken })).statusCode).toBe(
      401,
    );
  });

  it("log out everywhere ends every session at once", async () => {
    const t = await club("open");
    const m = await t.member();
    const other = await login(t, { email: m.user.email, password: "correct horse battery" });
    const otherToken = other.json<{ accessToken: string }>().accessToken;
    expect((await post(t, "/api/Account/LogoutEverywhere", undefined, m.token)).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/api/Account", token: m.token })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/api/Account", token: otherToken })).statusCode).toBe(401);
    expect((await post(t, "/api/Register/refresh", { refreshToken: m.refreshToken })).statusCode).toBe(401);
  });
});

describe("account self-service", () => {
  it("reads and changes the profile", async () => {
    const t = await club("open");
    const m = await t.member();
    const put = await t.request({
      method: "PUT",
      url: "/api/Account",
      payload: { firstName: "Islay", lastName: "Fan" },
      token: m.token,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      id: m.user.id,
      email: m.user.email,
      firstName: "Islay",
      lastName: "Fan",
      role: "member",
      status: "active",
    });
    const blank = await t.request({
      method: "PUT",
      url: "/api/Account",
      payload: { firstName: " ", lastName: "X" },
      token: m.token,
    });
    expect(blank.statusCode).toBe(400);
  });

  it("changing the password needs the current one, ends other sessions and keeps this device in", async () => {
    const t = await club("open");
    const m = await t.member();
    const wrong = await post(
      t,
      "/api/Account/Password",
      { currentPassword: "nope", newPassword: "a-brand-new-one" },
      m.token,
    );
    expect(wrong.statusCode).toBe(403);
    const ok = await post(
      t,
      "/api/Account/Password",
      { currentPassword: "correct horse battery", newPassword: "a-brand-new-one" },
      m.token,
    );
    expect(ok.statusCode).toBe(200);
    const pair = ok.json<{ accessToken: string }>();
    expect((await t.request({ method: "GET", url: "/api/Account", token: m.token })).statusCode).toBe(401);
    expect(
      (await t.request({ method: "GET", url: "/api/Account", token: pair.accessToken })).statusCode,
    ).toBe(200);
    expect((await login(t, { email: m.user.email, password: "a-brand-new-one" })).statusCode).toBe(200);
  });

  it("forgot password: the same answer for anyone, a single-use link valid one hour that ends all sessions", async () => {
    const t = await club("open");
    const m = await t.member();
    const unknown = await post(t, "/api/Register/forgotPassword", { email: "nobody@example.com" });
    const known = await post(t, "/api/Register/forgotPassword", { email: m.user.email });
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const [link] = await linksTo(m.user.email, "/reset-password");
    const token = link!.searchParams.get("token")!;
    const reset = await post(t, "/api/Register/resetPassword", {
      email: m.user.email,
      token,
      password: "reset-and-done",
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/api/Account", token: m.token })).statusCode).toBe(401);
    expect((await login(t, { email: m.user.email, password: "reset-and-done" })).statusCode).toBe(200);
    const again = await post(t, "/api/Register/resetPassword", {
      email: m.user.email,
      token,
      password: "third-one-here",
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(ServerMessages.invalidReset);
  });
});
