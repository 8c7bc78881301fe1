import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * What a sign-in in progress must remember between /auth/oidc/start and the callback: kept in the
 * browser that started it (so a callback opened in another browser fails: no login CSRF), signed
 * so it cannot be changed, HttpOnly, SameSite=Lax (sent on the provider's redirect back, a
 * top-level GET) and only to /auth/oidc, for ten minutes.
 */
export interface SignInFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Where the app goes after signing in (a path of the app). */
  next: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export const FLOW_COOKIE = "club_sso";
export const FLOW_TTL_MS = 10 * 60 * 1000;
const COOKIE_PATH = "/auth/oidc";

const keyOf = (secret: Uint8Array) => createHmac("sha256", secret).update("sso-flow-cookie").digest();
const sign = (secret: Uint8Array, payload: string) =>
  createHmac("sha256", keyOf(secret)).update(payload).digest("base64url");

/** `basePath`: APP_URL's path ("" for none), which the browser's paths start with. */
export function flowCookie(secret: Uint8Array, flow: SignInFlow, secure: boolean, basePath = ""): string {
  const payload = Buffer.from(JSON.stringify(flow)).toString("base64url");
  return cookie(`${payload}.${sign(secret, payload)}`, FLOW_TTL_MS / 1000, secure, basePath);
}

/** The Set-Cookie that removes the flow (the callback uses it once). */
export const clearFlowCookie = (secure: boolean, basePath = "") => cookie("", 0, secure, basePath);

const cookie = (value: string, maxAgeS: number, secure: boolean, basePath: string) =>
  `${FLOW_COOKIE}=${value}; Path=${basePath}${COOKIE_PATH}; Max-Age=${maxAgeS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;

/** The flow in the request's cookie header, if it is there, untouched and not expired. */
export function readFlow(secret: Uint8Array, header: string | undefined, now: number): SignInFlow | null {
  const raw = (header ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${FLOW_COOKIE}=`))
    ?.slice(FLOW_COOKIE.length + 1);
  const [payload, signature, ...rest] = (raw ?? "").split(".");
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const flow = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as SignInFlow;
    return typeof flow.expiresAt === "number" && flow.expiresAt > now ? flow : null;
  } catch {
    return null;
  }
}
