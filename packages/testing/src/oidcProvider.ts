// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- oidc-provider has no types: the declaration must reach every program that imports this file
/// <reference path="./oidcProviderTypes.d.ts" />
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
// oidc-provider ships no types; the little used here is typed in oidcProviderTypes.d.ts.
import Provider from "oidc-provider";

/** A person the test provider can sign in. */
export interface TestIdentity {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  /** The groups a provider sends for a role claim (OIDC_ROLE_CLAIM=groups), with the profile. */
  groups?: string[];
  /** Keycloak's realm roles (OIDC_ROLE_CLAIM=realm_access.roles), with the profile. */
  realm_access?: { roles: string[] };
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in when the provider does not show its pages (`interactive: false`). */
  signInAs: (sub: string) => void;
  /** Adds or replaces a person. */
  addUser: (user: TestIdentity) => void;
  /** The query of every authorisation request the provider received (PKCE, state, nonce checks). */
  authorizationRequests: URLSearchParams[];
  close: () => Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider, in memory) in the test process: one confidential client
 * with the given redirect URI, PKCE required. With `interactive` it shows a login page (choose
 * who you are, "Sign in") and a consent page ("Allow"), as a browser test goes through them;
 * without, each sign-in finishes at once as the person of signInAs().
 */
export async function startOidcProvider(opts: {
  redirectUri: string;
  users: TestIdentity[];
  interactive?: boolean;
}): Promise<TestOidcProvider> {
  const users = new Map(opts.users.map((u) => [u.sub, u]));
  let current = opts.users[0]?.sub ?? "";
  const clientId = "club-test";
  const clientSecret = "club-test-secret-0123456789";
  const authorizationRequests: URLSearchParams[] = [];

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    async findAccount(_ctx: unknown, sub: string) {
      const user = users.get(sub);
      if (!user) return undefined;
      return { accountId: sub, claims: () => ({ ...user }) };
    },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name", "name", "groups", "realm_access"],
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    cookies: { keys: ["test-provider-cookie-key"] },
    // Said explicitly, so the provider does not print a notice for each default.
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
  });
  provider.use(async (ctx, next) => {
    if (ctx.path === "/auth") authorizationRequests.push(new URLSearchParams(ctx.querystring));
    await next();
  });

  /** Finishes the interaction: logs `sub` in and grants what the client asked for. */
  async function finish(
    req: IncomingMessage,
    res: ServerResponse,
    sub: string,
    step: "login" | "consent" | "both",
  ) {
    const details = await provider.interactionDetails(req, res);
    if (step === "login") {
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const accountId = step === "both" ? sub : (details.session?.accountId ?? sub);
    const grant = new provider.Grant({ accountId, clientId: details.params.client_id });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    const result =
      step === "both" ? { login: { accountId }, consent: { grantId } } : { consent: { grantId } };
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
  }

  const handleInteraction = async (
    req: IncomingMessage,
    res: ServerResponse,
    uid: string,
    action?: string,
  ) => {
    const details = await provider.interactionDetails(req, res);
    if (!opts.interactive) return finish(req, res, current, "both");
    if (req.method === "POST" && action === "login") {
      const form = new URLSearchParams(await body(req));
      return finish(req, res, form.get("login") ?? current, "login");
    }
    if (req.method === "POST" && action === "confirm") return finish(req, res, current, "consent");
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(
      details.prompt.name === "login" ? loginPage(uid, [...users.values()], current) : consentPage(uid),
    );
  };

  const callback = provider.callback();
  server.on("request", (req, res) => {
    const match = /^\/interaction\/([\w-]+)(?:\/(login|confirm))?$/.exec(req.url ?? "");
    if (!match) return void callback(req, res);
    handleInteraction(req, res, match[1] as string, match[2]).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (sub) => {
      current = sub;
    },
    addUser: (user) => void users.set(user.sub, user),
    authorizationRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk));
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, content: string) =>
  `<!doctype html><html><head><meta name="viewport" content="width=device-width"><title>${title}</title></head><body><h1>${title}</h1>${content}</body></html>`;

function loginPage(uid: string, users: TestIdentity[], current: string): string {
  const options = users
    .map(
      (u) =>
        `<option value="${escape(u.sub)}"${u.sub === current ? " selected" : ""}>${escape(u.email ?? u.sub)}</option>`,
    )
    .join("");
  return page(
    "Test provider sign-in",
    `<form method="post" action="/interaction/${uid}/login"><label>Account <select name="login">${options}</select></label><button type="submit">Sign in</button></form>`,
  );
}

const consentPage = (uid: string) =>
  page(
    "Allow the club to know who you are",
    `<form method="post" action="/interaction/${uid}/confirm"><button type="submit">Allow</button></form>`,
  );
