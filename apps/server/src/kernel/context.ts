import "fastify";
import { findGuest, findMemberAuth, sessionHasEnded, type Db } from "@club/db";
import type { Config } from "../config";
import type { ImageStore } from "../platform/images";
import type { Mailer } from "../platform/mailer";
import type { Pusher } from "../platform/push";
import type { WebhookSender } from "../platform/webhooks";
import type { ReadCache } from "../platform/readCache";
import type { ClientInfo, TokenService } from "../platform/tokens";
import type { MeetingEvents } from "../platform/meetingEvents";
import type { MemberBudget } from "../platform/writeBudget";
import type { Maintenance } from "../platform/maintenance";
import { ServerMessages, TokensMessages, type ApiTokenScope, type Language } from "@club/shared";
import { bearerOf } from "../platform/tokens";
import { isApiToken, memberFromApiToken } from "../platform/apiTokens";
import { ForbiddenError, UnauthorizedError } from "./errors";
import { clientNetworks, type ClientNetwork } from "../platform/clientAddress";
import { readerLanguage, type LanguageHeaders } from "../platform/i18n";

/** Everything a service function needs besides the caller; built once per app. */
export interface Deps {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** Web Push: the VAPID keys and the push outbox's worker. */
  push: Pusher;
  /** Webhooks: the worker posting the webhooks' outbox. */
  webhooks: WebhookSender;
  images: ImageStore;
  tokens: TokenService;
  /** Serialized answers of the cached public reads, until the database changes. */
  reads: ReadCache;
  /** Each member's writes in the last minute (429 beyond WRITE_BUDGET_PER_MINUTE). */
  writeBudget: MemberBudget;
  /** Meeting nights' live events. */
  events: MeetingEvents;
  /** While a club restore runs: writes get 503 (platform/maintenance.ts). */
  maintenance: Maintenance;
  /** The current time: the club's date, reminders and dues follow it (tests move it). */
  now: () => Date;
}

declare module "fastify" {
  interface FastifyInstance {
    deps: Deps;
  }
}

export type Role = "admin" | "treasurer" | "member";

/** The member behind a request: checked against the database on every authenticated request. */
export interface AuthUser {
  id: number;
  email: string;
  role: Role;
  /** The API token the member acts through (features/tokens); absent for the app's own sessions. */
  token?: ApiTokenUse;
  /** The session (a login on one device) of the access token, when it names one. */
  sessionId?: number;
}

/** An API token in use: its name goes into the activity log, its scopes decide what it may do. */
export interface ApiTokenUse {
  id: number;
  name: string;
  scopes: ApiTokenScope[];
}

/** A guest pass's holder: one guest at one meeting night, checked against their row. */
export interface GuestPass {
  id: number;
  meetingId: number;
  firstName: string;
  guestOf: string | null;
}

/**
 * The context every procedure starts from: the app's dependencies and a way to learn who is
 * asking. Nothing resolves the caller until a procedure asks (memberProcedure does), so a public
 * read never verifies a token.
 */
export interface RequestCtx extends Deps {
  /** The caller, from the bearer token; null for a visitor. Memoised per request. */
  auth: () => Promise<AuthUser | null>;
  /** The guest pass behind the bearer token; null for anyone else. Memoised per request. */
  guest: () => Promise<GuestPass | null>;
  /**
   * The client (the guest join's failure budget): its IPv4 address, or its IPv6 /64 and the /56
   * and /48 around it (platform/clientAddress.ts); null for server-side callers.
   */
  networks: ClientNetwork[] | null;
  /** The HTTP request's id (logs, the activity log); null for server-side callers. */
  requestId: string | null;
  /** The device of the request (the Devices list: a login's and a refresh's); null for server-side callers. */
  client: ClientInfo | null;
  /**
   * The language the request's errors are written in: the member's, once the request's member is
   * known (a member's procedure asks first thing), else the page language of its headers
   * (platform/i18n.ts). Absent for server-side callers: their errors stay English.
   */
  readerLanguage?: () => Language;
}

/** What a public read's service sees: no caller at all. */
export type PublicCtx = Deps;

/** A service that may look at the caller (optional). */
export interface Ctx extends Deps {
  user: AuthUser | null;
}

/** A member's request: the caller is known. */
export interface AuthedCtx extends Deps {
  user: AuthUser;
  requestId: string | null;
  /** The request's device, when the context came from one (RequestCtx.client). */
  client?: ClientInfo | null;
  /** The procedure being run (the activity log's action), e.g. bottles.updateAbv. */
  action: string;
}

/** Who scores at a meeting night: a member, or a guest with a guest pass. */
export type Taster = { kind: "member"; user: AuthUser } | { kind: "guest"; guest: GuestPass };

/** A taster's request (tasterProcedure): user is the member, null for a guest. */
export interface TasterCtx extends RequestCtx {
  taster: Taster;
  user: AuthUser | null;
  action: string;
}

const once = <T>(compute: () => Promise<T>): (() => Promise<T>) => {
  let value: Promise<T> | undefined;
  return () => (value ??= compute());
};

/**
 * The member behind an access token, if the token is valid AND the member may act now: confirmed,
 * active (not pending, not deactivated), still at the token's address and on the token's version
 * (a password change, a reset, a deactivation, "log out everywhere" or a stolen refresh token
 * presented again raises it). One prepared query.
 */
export async function memberFromAuthorization(
  deps: Deps,
  authorization: string | undefined,
): Promise<AuthUser | null> {
  const bearer = bearerOf(authorization);
  if (bearer && isApiToken(bearer)) return memberFromApiToken(deps, bearer);
  const claims = await deps.tokens.claimsFromAuthorization(authorization);
  if (!claims) return null;
  const member = findMemberAuth(deps.db, claims.id);
  if (!member?.emailConfirmedAt || member.status !== "active" || member.tokenVersion !== claims.tokenVersion)
    return null;
  // The token names the member by id and by address: both must still be theirs.
  if (member.email.toLowerCase() !== claims.email.toLowerCase()) return null;
  // Its session was not logged out (from this device or another).
  const { sessionId } = claims;
  if (sessionId !== undefined && sessionHasEnded(deps.db, sessionId, new Date().toISOString())) return null;
  return {
    id: member.id,
    email: member.email,
    role: member.role,
    ...(sessionId === undefined ? {} : { sessionId }),
  };
}

/**
 * The guest behind a guest pass, if the pass is valid AND the guest is still there: the
 * host may have removed them (their pass stops working at once). One query.
 */
export async function guestFromAuthorization(
  deps: Deps,
  authorization: string | undefined,
): Promise<GuestPass | null> {
  const claims = await deps.tokens.guestFromAuthorization(authorization);
  if (!claims) return null;
  const guest = findGuest(deps.db, claims.guestId);
  if (!guest || guest.meetingId !== claims.meetingId) return null;
  return { id: guest.id, meetingId: guest.meetingId, firstName: guest.firstName, guestOf: guest.guestOf };
}

/** The context of an HTTP request (tRPC or REST), from its Authorization header. */
export function requestCtx(
  deps: Deps,
  authorization: string | undefined,
  requestId: string | null = null,
  address: string | null = null,
  userAgent: string | null = null,
  languageHeaders: LanguageHeaders = {},
): RequestCtx {
  let caller: AuthUser | null = null;
  return {
    ...deps,
    requestId,
    client: requestId === null ? null : { userAgent, address },
    networks: address === null ? null : clientNetworks(address),
    auth: once(async () => (caller = await memberFromAuthorization(deps, authorization))),
    guest: once(() => guestFromAuthorization(deps, authorization)),
    readerLanguage: () => readerLanguage(deps, caller?.id ?? null, languageHeaders),
  };
}

/** The context of each HTTP request made so far, for its errors' language (kernel/restErrors.ts). */
const contexts = new WeakMap<object, RequestCtx>();

interface HttpRequest {
  server: { deps: Deps };
  headers: LanguageHeaders & { authorization?: string; "user-agent"?: string };
  id: string;
  ip: string;
  raw: object;
}

/**
 * The context of a Fastify request (tRPC, REST and REST-only routes alike): made once (by `make`,
 * by default with the request's device), then kept for the request's errors.
 */
export function requestCtxOf(
  req: HttpRequest,
  make: () => RequestCtx = () =>
    requestCtx(
      req.server.deps,
      req.headers.authorization,
      req.id,
      req.ip,
      req.headers["user-agent"] ?? null,
      req.headers,
    ),
): RequestCtx {
  let ctx = contexts.get(req.raw);
  if (!ctx) contexts.set(req.raw, (ctx = make()));
  return ctx;
}

/** The language of a request's errors: its context's, or for one that made none its headers'. */
export function errorLanguageOf(req: {
  server: { deps: Deps };
  headers: LanguageHeaders;
  raw: object;
}): Language {
  return contexts.get(req.raw)?.readerLanguage?.() ?? readerLanguage(req.server.deps, null, req.headers);
}

/** A context whose caller is already known (server-side callers, tests): a member, a guest, or nobody. */
export function callerCtx(deps: Deps, user: AuthUser | null, guest: GuestPass | null = null): RequestCtx {
  return {
    ...deps,
    requestId: null,
    client: null,
    networks: null,
    auth: () => Promise.resolve(user),
    guest: () => Promise.resolve(user ? null : guest),
  };
}

/**
 * The member behind a request, or an UNAUTHORIZED AppError (memberProcedure and REST-only routes);
 * a FORBIDDEN one for a guest pass: it opens its own meeting night only.
 */
export async function requireMember(ctx: RequestCtx, action: string): Promise<AuthedCtx> {
  const user = await ctx.auth();
  if (!user) {
    if (await ctx.guest()) throw new ForbiddenError(ServerMessages.guestPassOnly);
    throw new UnauthorizedError();
  }
  return { ...ctx, user, action };
}

/** A write through an API token without the write scope: 403 (memberProcedure, REST-only routes). */
export function refuseReadOnlyToken(user: AuthUser): void {
  if (user.token && !user.token.scopes.includes("write"))
    throw new ForbiddenError(TokensMessages.readOnlyToken, "TOKEN_READ_ONLY");
}

/** What only a login may do (the member's tokens, password and sessions): 403 for an API token. */
export function refuseApiToken(user: AuthUser): void {
  if (user.token) throw new ForbiddenError(TokensMessages.loginOnly, "LOGIN_REQUIRED");
}
