import * as client from "openid-client";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isSsoFailure, type SsoFailure } from "@club/shared";
import { requestCtx } from "../../kernel/context";
import { AppError } from "../../kernel/errors";
import { restOnlyRoute } from "../../kernel/restOnlyRoute";
import { clearFlowCookie, flowCookie, FLOW_TTL_MS, readFlow } from "./flowCookie";
import { createHandoff } from "./handoff";
import { CALLBACK_PATH, ProviderUnavailableError, providerFor, START_PATH } from "./provider";
import { memberForIdentity } from "./service";

/** Both routes are browser navigations: every answer is a redirect, to the provider or back to the app. */
const backToLogin = (reply: FastifyReply, reason: SsoFailure) =>
  reply.header("cache-control", "no-store").redirect(`/login?sso=${reason}`, 302);

const secureCookie = (appUrl: string) => appUrl.startsWith("https://");

/** A path of this app to return to after signing in; anything else is "/" (the web app checks again). */
function safeNext(raw: unknown): string {
  if (typeof raw !== "string" || raw.length > 2000) return "/";
  return /^\/(?![/\\])[^\s\\]*$/.test(raw) ? raw : "/";
}

/** GET /auth/oidc/start: the "Sign in with ..." button's link. */
export const ssoStartRoute = restOnlyRoute({
  access: "public",
  doc: {
    method: "GET",
    path: START_PATH,
    operationId: "ssoStart",
    tag: "Single sign-on",
    summary: "Start signing in with single sign-on",
    description:
      "A browser navigation (the login screen's button). Redirects to the OpenID Connect provider's authorisation endpoint (authorisation code flow, PKCE S256, state and nonce kept in a signed, HttpOnly, SameSite=Lax cookie for ten minutes). Query `next`: a path of the app to open afterwards. When single sign-on is not set up or the provider cannot be reached, redirects to `/login?sso=NOT_CONFIGURED` or `UNAVAILABLE` instead.",
    response: { status: 302, description: "To the provider, or back to the login screen with the reason." },
    errors: [],
  },
  setup: (app) => {
    const { oidc, appUrl } = app.deps.config;
    if (oidc)
      app.log.info(
        { issuer: oidc.issuer, redirectUri: `${appUrl}${CALLBACK_PATH}` },
        "single sign-on is on; the provider must list this redirect URI",
      );
  },
  handler: async ({ req, reply }) => {
    const { config } = req.server.deps;
    if (!config.oidc) return backToLogin(reply, "NOT_CONFIGURED");
    const flow = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
      next: safeNext((req.query as Record<string, unknown>).next),
      expiresAt: req.server.deps.now().getTime() + FLOW_TTL_MS,
    };
    let url: URL;
    try {
      url = await providerFor(config.oidc, config.appUrl).authorizationUrl(flow);
    } catch (err) {
      req.log.warn({ err }, "single sign-on: the provider could not be reached");
      return backToLogin(reply, "UNAVAILABLE");
    }
    return reply
      .header("cache-control", "no-store")
      .header("set-cookie", flowCookie(config.jwtSecret, flow, secureCookie(config.appUrl), config.basePath))
      .redirect(url.href, 302);
  },
});

/** GET /auth/oidc/callback: where the provider sends the browser back (register APP_URL + this path). */
export const ssoCallbackRoute = restOnlyRoute({
  access: "public",
  doc: {
    method: "GET",
    path: CALLBACK_PATH,
    operationId: "ssoCallback",
    tag: "Single sign-on",
    summary: "Finish signing in with single sign-on",
    description:
      "The redirect URI to register at the provider: APP_URL + /auth/oidc/callback. Checks state, nonce and the PKCE verifier against the cookie that /auth/oidc/start set in the same browser, trades the code for the ID token and finds the member: by the linked subject, else by the provider's VERIFIED email (the subject is linked), else a new member as REGISTRATION allows. Redirects to `/login/sso#code=...` (a one-time code, valid one minute, for POST /auth/oidc/exchange) or to `/login?sso=REASON`.",
    response: { status: 302, description: "To the app: signed in (a one-time code) or the reason why not." },
    errors: [],
  },
  handler: async ({ req, reply }) => {
    const deps = req.server.deps;
    const { config } = deps;
    reply.header("set-cookie", clearFlowCookie(secureCookie(config.appUrl), config.basePath));
    if (!config.oidc) return backToLogin(reply, "NOT_CONFIGURED");
    const query = req.query as Record<string, unknown>;
    if (typeof query.error === "string")
      return backToLogin(reply, query.error === "access_denied" ? "CANCELLED" : "FAILED");
    const flow = readFlow(config.jwtSecret, req.headers.cookie, deps.now().getTime());
    if (!flow) return backToLogin(reply, "FAILED");
    try {
      const identity = await providerFor(config.oidc, config.appUrl).finish(
        callbackUrl(req, config.appUrl),
        flow,
      );
      const member = await memberForIdentity(requestCtx(deps, undefined, req.id), identity);
      const code = createHandoff(config, member.id, flow.next, deps.now().getTime());
      return reply.header("cache-control", "no-store").redirect(`/login/sso#code=${code}`, 302);
    } catch (err) {
      if (err instanceof AppError && isSsoFailure(err.details.reason ?? null))
        return backToLogin(reply, err.details.reason as SsoFailure);
      if (err instanceof ProviderUnavailableError) {
        req.log.warn({ err }, "single sign-on: the provider could not be reached");
        return backToLogin(reply, "UNAVAILABLE");
      }
      // A check failed (state, nonce, PKCE, the ID token) or the code was used already.
      req.log.info({ err }, "single sign-on: the callback was refused");
      return backToLogin(reply, "FAILED");
    }
  },
});

/** The URL the provider redirected to, as openid-client checks it (state, iss) against the redirect URI. */
function callbackUrl(req: FastifyRequest, appUrl: string): URL {
  const search = req.url.includes("?") ? req.url.slice(req.url.indexOf("?")) : "";
  // APP_URL with its path, if it has one (the route sees the URL without it: app/basePath.ts).
  return new URL(`${appUrl}${CALLBACK_PATH}${search}`);
}
