import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { activity, members, outbox } from "@club/db";
import { SSO_FAILURES } from "@club/shared";
import { startOidcProvider, type TestOidcProvider } from "@club/testing/oidc";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { ConfigError, loadConfig } from "../../config";
import { FLOW_COOKIE, flowCookie, type SignInFlow } from "./flowCookie";

const APP_URL = "http://club.test";
const PASSWORD = "correct horse battery";

let provider: TestOidcProvider;
const apps: TestApp[] = [];

beforeAll(async () => {
  provider = await startOidcProvider({
    redirectUri: `${APP_URL}/auth/oidc/callback`,
    users: [
      {
        sub: "ada-1",
        email: "ada@example.com",
        email_verified: true,
        given_name: "Ada",
        family_name: "Lovelace",
      },
      { sub: "bob-1", email: "bob@example.com", email_verified: false, name: "Bob Unverified" },
      { sub: "new-1", email: "newcomer@example.com", email_verified: true, name: "New Comer" },
    ],
  });
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await provider.close();
});

async function clubApp(registration = "open", env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({
    env: {
      REGISTRATION: registration,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_BUTTON_LABEL: "Sign in with Test ID",
      ...env,
    },
  });
  apps.push(t);
  return t;
}

const cookieOf = (setCookie: unknown) =>
  String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(";")[0] ?? "";
const flowOf = (cookie: string) =>
  JSON.parse(
    Buffer.from(cookie.slice(FLOW_COOKIE.length + 1).split(".")[0] ?? "", "base64url").toString(),
  ) as SignInFlow;

/** Follows the provider's redirects (its cookies kept) until it sends the browser back to the club. */
async function throughProvider(authorizationUrl: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hops = 0; hops < 10; hops++) {
    const res = await fetch(url, {
      redirect: "manual",
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = res.headers.get("location");
    if (!location) throw new Error(`provider answered ${res.status}: ${await res.text()}`);
    url = new URL(location, url).href;
    if (url.startsWith(APP_URL)) return new URL(url);
  }
  throw new Error("too many redirects at the provider");
}

/** The browser's part: the button, the provider, the callback. Returns where the club sends it. */
async function signIn(
  t: TestApp,
  sub: string,
  tamper: { callback?: (url: URL) => void; cookie?: (cookie: string) => string } = {},
) {
  provider.signInAs(sub);
  const start = await t.request({ method: "GET", url: "/auth/oidc/start?next=%2Flibrary-bottles" });
  expect(start.statusCode).toBe(302);
  const cookie = cookieOf(start.headers["set-cookie"]);
  const back = await throughProvider(String(start.headers.location));
  tamper.callback?.(back);
  const callback = await t.request({
    method: "GET",
    url: `${back.pathname}${back.search}`,
    headers: { cookie: tamper.cookie ? tamper.cookie(cookie) : cookie },
  });
  expect(callback.statusCode).toBe(302);
  return { location: String(callback.headers.location), start, cookie, callback };
}

const failureOf = (location: string) => new URL(location, APP_URL).searchParams.get("sso");
const codeOf = (location: string) => {
  expect(location).toMatch(/^\/login\/sso#code=[\w-]{43}$/);
  return location.split("#code=")[1] ?? "";
};
const exchange = (t: TestApp, code: string) =>
  t.request({ method: "POST", url: "/auth/oidc/exchange", payload: { code } });
const memberByEmail = (t: TestApp, email: string) =>
  t.app.deps.db.select().from(members).where(eq(members.email, email)).all();
const memberBySubject = (t: TestApp, subject: string) =>
  t.app.deps.db.select().from(members).where(eq(members.oidcSubject, subject)).all();

describe("single sign-on, REGISTRATION=open", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await clubApp("open");
    await t.member(); // the club has an admin-less member; the first admin rule is tested below
    await t.member("admin@example.com", { role: "admin" });
  });

  it("tells the login screen about the button", async () => {
    const res = await t.request({ method: "GET", url: "/auth/oidc/options" });
    expect(res.json()).toEqual({ enabled: true, label: "Sign in with Test ID", autoRedirect: false });
  });

  it("sends the browser to the provider with PKCE (S256), state and nonce, kept in a signed HttpOnly cookie", async () => {
    const start = await t.request({ method: "GET", url: "/auth/oidc/start" });
    expect(start.statusCode).toBe(302);
    const to = new URL(String(start.headers.location));
    expect(to.origin).toBe(provider.issuer);
    const setCookie = String(start.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\/auth\/oidc/);
    const flow = flowOf(cookieOf(start.headers["set-cookie"]));
    expect(to.searchParams.get("state")).toBe(flow.state);
    expect(to.searchParams.get("nonce")).toBe(flow.nonce);
    expect(to.searchParams.get("code_challenge_method")).toBe("S256");
    expect(to.searchParams.get("code_challenge")).toBe(
      createHash("sha256").update(flow.codeVerifier).digest("base64url"),
    );
    expect(to.searchParams.get("redirect_uri")).toBe(`${APP_URL}/auth/oidc/callback`);
  });

  it("creates an active member, who gets the usual tokens once for the one-time code", async () => {
    const before = provider.authorizationRequests.length;
    const { location } = await signIn(t, "new-1");
    expect(provider.authorizationRequests.length).toBe(before + 1);
    expect(provider.authorizationRequests.at(-1)?.get("code_challenge_method")).toBe("S256");
    const code = codeOf(location);
    const res = await exchange(t, code);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ accessToken: string; refreshToken: string; email: string; next: string }>();
    expect(body).toMatchObject({ email: "newcomer@example.com", next: "/library-bottles" });
    const account = await t.request({ method: "GET", url: "/api/Account", token: body.accessToken });
    expect(account.json()).toMatchObject({ firstName: "New", lastName: "Comer" });
    const [row] = memberByEmail(t, "newcomer@example.com");
    expect(row).toMatchObject({ status: "active", role: "member", oidcSubject: "new-1" });
    expect(row?.emailConfirmedAt).not.toBeNull();
    const again = await exchange(t, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: "CODE_INVALID", message: SSO_FAILURES.CODE_INVALID });
  });

  it("finds the member by subject next time, even when the provider's address changed", async () => {
    provider.addUser({ sub: "new-1", email: "renamed@example.com", email_verified: true, name: "New Comer" });
    const { location } = await signIn(t, "new-1");
    const res = await exchange(t, codeOf(location));
    expect(res.json()).toMatchObject({ email: "newcomer@example.com" });
    expect(memberByEmail(t, "renamed@example.com")).toHaveLength(0);
  });

  it("links a password member by the provider's verified email; the password keeps working", async () => {
    const ada = await t.member("ada@example.com");
    const { location } = await signIn(t, "ada-1");
    const res = await exchange(t, codeOf(location));
    expect(res.json()).toMatchObject({ email: "ada@example.com" });
    expect(memberByEmail(t, "ada@example.com")).toEqual([expect.objectContaining({ oidcSubject: "ada-1" })]);
    const entry = t.app.deps.db.select().from(activity).where(eq(activity.action, "auth.ssoLink")).all();
    expect(entry).toEqual([
      expect.objectContaining({ memberId: ada.user.id, entityId: String(ada.user.id) }),
    ]);
    const login = await t.request({
      method: "POST",
      url: "/login",
      payload: { email: "ada@example.com", password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it("never links by an address the provider did not verify", async () => {
    await t.member("bob@example.com");
    const { location } = await signIn(t, "bob-1");
    expect(failureOf(location)).toBe("EMAIL_UNVERIFIED");
    expect(memberByEmail(t, "bob@example.com")).toEqual([expect.objectContaining({ oidcSubject: null })]);
  });

  it("turns away a deactivated member with the password login's words", async () => {
    provider.addUser({ sub: "gone-1", email: "gone@example.com", email_verified: true, name: "Gone Member" });
    const gone = await t.member("gone@example.com");
    t.app.deps.db.update(members).set({ status: "deactivated" }).where(eq(members.id, gone.user.id)).run();
    const { location } = await signIn(t, "gone-1");
    expect(failureOf(location)).toBe("MEMBERSHIP_DEACTIVATED");
    expect(SSO_FAILURES.MEMBERSHIP_DEACTIVATED).toBe(
      (
        await t.request({
          method: "POST",
          url: "/login",
          payload: { email: "gone@example.com", password: PASSWORD },
        })
      ).json().error.message,
    );
  });

  it("rejects a callback whose state was changed", async () => {
    const { location } = await signIn(t, "new-1", {
      callback: (url) => url.searchParams.set("state", "forged"),
    });
    expect(failureOf(location)).toBe("FAILED");
  });

  it("rejects an ID token whose nonce is not the one the sign-in started with", async () => {
    const secret = t.app.deps.config.jwtSecret;
    const { location } = await signIn(t, "new-1", {
      cookie: (cookie) => cookieOf(flowCookie(secret, { ...flowOf(cookie), nonce: "another-nonce" }, false)),
    });
    expect(failureOf(location)).toBe("FAILED");
  });

  it("rejects a code traded without the right PKCE verifier", async () => {
    const secret = t.app.deps.config.jwtSecret;
    const { location } = await signIn(t, "new-1", {
      cookie: (cookie) =>
        cookieOf(flowCookie(secret, { ...flowOf(cookie), codeVerifier: "x".repeat(43) }, false)),
    });
    expect(failureOf(location)).toBe("FAILED");
  });

  it("rejects a callback without the cookie (another browser) or with a cookie changed by hand", async () => {
    expect(failureOf((await signIn(t, "new-1", { cookie: () => "" })).location)).toBe("FAILED");
    const edited = (cookie: string) => {
      const [payload = "", signature] = cookie.slice(FLOW_COOKIE.length + 1).split(".");
      const flow = JSON.parse(Buffer.from(payload, "base64url").toString()) as SignInFlow;
      const forged = Buffer.from(JSON.stringify({ ...flow, next: "/members" })).toString("base64url");
      return `${FLOW_COOKIE}=${forged}.${signature}`;
    };
    expect(failureOf((await signIn(t, "new-1", { cookie: edited })).location)).toBe("FAILED");
  });

  it("says so when the person cancels at the provider", async () => {
    const res = await t.request({ method: "GET", url: "/auth/oidc/callback?error=access_denied&state=x" });
    expect(failureOf(String(res.headers.location))).toBe("CANCELLED");
  });
});

describe("single sign-on creates members as REGISTRATION says", () => {
  it("approval: a pending member, the admins are emailed, the login screen says it waits", async () => {
    const t = await clubApp("approval");
    const admin = await t.member("boss@example.com", { role: "admin" });
    const { location } = await signIn(t, "new-1");
    expect(failureOf(location)).toBe("MEMBERSHIP_PENDING");
    expect(memberBySubject(t, "new-1")).toEqual([expect.objectContaining({ status: "pending" })]);
    const mail = t.app.deps.db.select().from(outbox).where(eq(outbox.to, admin.user.email)).all();
    expect(mail.map((m) => m.subject)).toEqual([expect.stringMatching(/New Comer is waiting to join/)]);
    // Signing in again while pending gives the same words, and no second member.
    expect(failureOf((await signIn(t, "new-1")).location)).toBe("MEMBERSHIP_PENDING");
    expect(memberBySubject(t, "new-1")).toHaveLength(1);
  });

  it("approval: the club's first member becomes its admin, as with a confirmed registration", async () => {
    const t = await clubApp("approval");
    const { location } = await signIn(t, "ada-1");
    expect((await exchange(t, codeOf(location))).statusCode).toBe(200);
    expect(memberByEmail(t, "ada@example.com")).toEqual([
      expect.objectContaining({ role: "admin", status: "active" }),
    ]);
  });

  for (const [mode, reason] of [
    ["invite", "INVITE_REQUIRED"],
    ["closed", "REGISTRATION_CLOSED"],
  ] as const) {
    it(`${mode}: refused with a clear reason, nobody created; a known member still signs in`, async () => {
      const t = await clubApp(mode);
      await t.member("ada@example.com");
      const { location } = await signIn(t, "new-1");
      expect(failureOf(location)).toBe(reason);
      expect(SSO_FAILURES[reason]).toMatch(/invite/);
      expect(memberBySubject(t, "new-1")).toHaveLength(0);
      expect((await exchange(t, codeOf((await signIn(t, "ada-1")).location))).statusCode).toBe(200);
    });
  }
});

describe("single sign-on settings", () => {
  it("off without settings: no button, the routes send the browser back to the login screen", async () => {
    const t = await createTestApp();
    apps.push(t);
    expect((await t.request({ method: "GET", url: "/auth/oidc/options" })).json()).toEqual({
      enabled: false,
      label: "",
      autoRedirect: false,
    });
    const start = await t.request({ method: "GET", url: "/auth/oidc/start" });
    expect(start.headers.location).toBe("/login?sso=NOT_CONFIGURED");
  });

  it("an unreachable provider is a clear message on the login screen, never a crash", async () => {
    const t = await clubApp("open", { OIDC_ISSUER: "http://127.0.0.1:9/" });
    for (let i = 0; i < 2; i++) {
      const start = await t.request({ method: "GET", url: "/auth/oidc/start" });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe("/login?sso=UNAVAILABLE");
    }
    expect((await t.request({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });

  it("needs all three of issuer, client id and secret, in one clear line", () => {
    const base = { DATA_DIR: apps[0]?.dataDir ?? "/tmp", JWT_SECRET: "x".repeat(40) };
    expect(() => loadConfig({ ...base, OIDC_ISSUER: "https://id.example.org" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, OIDC_ISSUER: "https://id.example.org" })).toThrow(
      /^Invalid configuration: single sign-on needs all three of OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET \(or none of them\)$/,
    );
    const config = loadConfig({
      ...base,
      OIDC_ISSUER: "https://id.example.org",
      OIDC_CLIENT_ID: "club",
      OIDC_CLIENT_SECRET: "s3cret",
    });
    expect(config.oidc).toEqual({
      issuer: "https://id.example.org",
      clientId: "club",
      clientSecret: "s3cret",
      buttonLabel: "Sign in with single sign-on",
      roles: null,
      autoRedirect: false,
    });
  });

  it("maps groups only with a claim and at least one list, each in one clear line", () => {
    const base = {
      DATA_DIR: apps[0]?.dataDir ?? "/tmp",
      JWT_SECRET: "x".repeat(40),
      OIDC_ISSUER: "https://id.example.org",
      OIDC_CLIENT_ID: "club",
      OIDC_CLIENT_SECRET: "s3cret",
    };
    expect(() => loadConfig({ ...base, OIDC_ROLE_CLAIM: "groups" })).toThrow(
      "Invalid configuration: OIDC_ROLE_CLAIM needs OIDC_ADMIN_GROUPS or OIDC_TREASURER_GROUPS",
    );
    expect(() => loadConfig({ ...base, OIDC_ADMIN_GROUPS: "admins" })).toThrow(
      "Invalid configuration: OIDC_ADMIN_GROUPS and OIDC_TREASURER_GROUPS need OIDC_ROLE_CLAIM",
    );
    expect(() => loadConfig({ ...base, OIDC_ROLE_CLAIM: "has space", OIDC_ADMIN_GROUPS: "a" })).toThrow(
      "Invalid configuration: OIDC_ROLE_CLAIM must be a claim's name, or a dotted path",
    );
    const bare = { DATA_DIR: base.DATA_DIR, JWT_SECRET: base.JWT_SECRET };
    for (const extra of [
      { OIDC_AUTO_REDIRECT: "true" },
      { OIDC_ROLE_CLAIM: "groups", OIDC_ADMIN_GROUPS: "a" },
    ])
      expect(() => loadConfig({ ...bare, ...extra })).toThrow(/need single sign-on \(OIDC_ISSUER/);
    expect(
      loadConfig({
        ...base,
        OIDC_ROLE_CLAIM: "realm_access.roles",
        OIDC_ADMIN_GROUPS: " club-admins , staff,",
        OIDC_TREASURER_GROUPS: "treasury",
        OIDC_AUTO_REDIRECT: "true",
      }).oidc,
    ).toMatchObject({
      roles: { claim: "realm_access.roles", admin: ["club-admins", "staff"], treasurer: ["treasury"] },
      autoRedirect: true,
    });
  });
});

describe("single sign-on maps the provider's groups to a role at each sign-in", () => {
  let t: TestApp;
  let keycloak: TestApp;
  const roleOf = (app: TestApp, subject: string) => memberBySubject(app, subject)[0]?.role;
  beforeAll(async () => {
    const mapping = { OIDC_ADMIN_GROUPS: "club-admins, staff", OIDC_TREASURER_GROUPS: "treasury" };
    t = await clubApp("open", { OIDC_ROLE_CLAIM: "groups", ...mapping });
    keycloak = await clubApp("open", { OIDC_ROLE_CLAIM: "realm_access.roles", ...mapping });
    for (const app of [t, keycloak])
      await app.member(`first-admin-${apps.indexOf(app)}@example.com`, { role: "admin" });
  });

  const signInWith = async (app: TestApp, user: Parameters<TestOidcProvider["addUser"]>[0]) => {
    provider.addUser(user);
    const res = await exchange(app, codeOf((await signIn(app, user.sub)).location));
    expect(res.statusCode).toBe(200);
    return res.json<{ accessToken: string }>();
  };

  it("an admin group makes an admin, a treasurer group a treasurer, no group a member", async () => {
    const grace = { sub: "grace-1", email: "grace@example.com", email_verified: true, name: "Grace Hopper" };
    const { accessToken } = await signInWith(t, { ...grace, groups: ["readers", "staff"] });
    expect(roleOf(t, "grace-1")).toBe("admin");
    // The new role is the session's: an admin's read answers.
    expect((await t.request({ method: "GET", url: "/api/Members", token: accessToken })).statusCode).toBe(
      200,
    );
    await signInWith(t, { ...grace, groups: ["treasury"] });
    expect(roleOf(t, "grace-1")).toBe("treasurer");
    await signInWith(t, { ...grace, groups: [] });
    expect(roleOf(t, "grace-1")).toBe("member");
    const entries = t.app.deps.db.select().from(activity).where(eq(activity.action, "auth.ssoRole")).all();
    const roles = (value: unknown) => (value as { role?: string } | null)?.role;
    expect(entries.map((e) => [roles(e.before), roles(e.after)])).toEqual([
      ["member", "admin"],
      ["admin", "treasurer"],
      ["treasurer", "member"],
    ]);
  });

  it("reads a nested claim (Keycloak's realm_access.roles)", async () => {
    await signInWith(keycloak, {
      sub: "kc-1",
      email: "kc@example.com",
      email_verified: true,
      name: "Kay Cloak",
      realm_access: { roles: ["offline_access", "treasury"] },
    });
    expect(roleOf(keycloak, "kc-1")).toBe("treasurer");
  });

  it("leaves the role alone when the provider sends no such claim", async () => {
    const user = { sub: "quiet-1", email: "quiet@example.com", email_verified: true, name: "Quiet One" };
    await signInWith(t, { ...user, groups: ["treasury"] });
    expect(roleOf(t, "quiet-1")).toBe("treasurer");
    await signInWith(t, user);
    expect(roleOf(t, "quiet-1")).toBe("treasurer");
  });

  it("never demotes the club's last active admin", async () => {
    const solo = await clubApp("open", { OIDC_ROLE_CLAIM: "groups", OIDC_ADMIN_GROUPS: "club-admins" });
    const user = { sub: "solo-1", email: "solo@example.com", email_verified: true, name: "Solo Admin" };
    await signInWith(solo, { ...user, groups: [] });
    // The club's first member is its admin, and stays so while no other admin exists.
    expect(roleOf(solo, "solo-1")).toBe("admin");
    await signInWith(solo, { ...user, groups: ["nothing"] });
    expect(roleOf(solo, "solo-1")).toBe("admin");
  });
});

describe("OIDC_AUTO_REDIRECT", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await clubApp("open", { OIDC_AUTO_REDIRECT: "true" });
  });

  it("sends the login page straight to the provider, keeping where to go next", async () => {
    expect((await t.request({ method: "GET", url: "/auth/oidc/options" })).json()).toMatchObject({
      autoRedirect: true,
    });
    const page = await t.request({ method: "GET", url: "/login", headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe("/auth/oidc/start");
    const next = await t.request({
      method: "GET",
      url: "/login?next=%2Fstats",
      headers: { accept: "text/html" },
    });
    expect(next.headers.location).toBe("/auth/oidc/start?next=%2Fstats");
  });

  it("lets a local admin in with ?local=1, shows a refused sign-in's reason, and leaves POST /login alone", async () => {
    for (const url of ["/login?local=1", "/login?sso=FAILED", "/login?next=%2F&local=1"]) {
      const res = await t.request({ method: "GET", url, headers: { accept: "text/html" } });
      expect(res.statusCode, url).not.toBe(302);
    }
    const admin = await t.member("local-admin@example.com", { role: "admin" });
    const login = await t.request({
      method: "POST",
      url: "/login",
      payload: { email: admin.user.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });
});
