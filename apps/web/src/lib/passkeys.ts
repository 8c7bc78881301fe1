import type { PasskeyAuthenticationResponse, PasskeyRegistrationResponse } from "@club/shared";

/**
 * The browser's side of passkeys (WebAuthn), through @simplewebauthn/browser, loaded on the first
 * use: the login screen and the Account page load it when a passkey is asked for, not before.
 */

/** Whether this browser can make and use passkeys at all (read after the page has started). */
export const browserHasPasskeys = () =>
  typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";

/** The options as the server gave them: what navigator.credentials.create() or .get() takes. */
type Options = { challenge: string } & Record<string, unknown>;

export async function makePasskey(options: Options): Promise<PasskeyRegistrationResponse> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  const response = await startRegistration({
    optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]["optionsJSON"],
  });
  return response as PasskeyRegistrationResponse;
}

export async function signWithPasskey(options: Options): Promise<PasskeyAuthenticationResponse> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const response = await startAuthentication({
    optionsJSON: options,
  });
  return response as PasskeyAuthenticationResponse;
}

/**
 * What the browser said when no passkey came of it, in the member's words; null for anything
 * else (the server's refusals speak for themselves).
 */
export function browserRefusal(error: unknown): string | null {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError")
    return "The browser asked for no passkey, or it was cancelled or timed out.";
  if (name === "InvalidStateError") return "This device already holds a passkey for your account.";
  if (name === "SecurityError")
    return "Passkeys work only on the club's own address, over HTTPS (or on localhost).";
  if (name === "NotSupportedError") return "This device cannot make a passkey the club accepts.";
  return null;
}

/** A name for a passkey made on this device ("iPhone", "Android phone", "Mac"...), to start from. */
export function thisDeviceName(userAgent = typeof navigator === "undefined" ? "" : navigator.userAgent) {
  if (/iPhone/.test(userAgent)) return "iPhone";
  if (/iPad/.test(userAgent)) return "iPad";
  if (/Android/.test(userAgent)) return /Mobile/.test(userAgent) ? "Android phone" : "Android tablet";
  if (/Macintosh|Mac OS X/.test(userAgent)) return "Mac";
  if (/Windows/.test(userAgent)) return "Windows PC";
  if (/CrOS/.test(userAgent)) return "Chromebook";
  if (/Linux/.test(userAgent)) return "Linux computer";
  return "This device";
}
