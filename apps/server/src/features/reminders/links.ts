import { createHmac } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import type { Config } from "../../config";

const PURPOSE = "rsvp";
const keyOf = (config: Config) => createHmac("sha256", config.jwtSecret).update("rsvp-links").digest();

/**
 * A one-click RSVP link's token: signed, for one member and one meeting, good only for answering
 * that meeting (its own key and purpose: never a session), until the day after the meeting.
 */
export function signRsvpToken(
  config: Config,
  claims: { memberId: number; meetingId: number },
  expiresAt: Date,
): Promise<string> {
  return new SignJWT({ purpose: PURPOSE, meeting: claims.meetingId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(claims.memberId))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(config));
}

/** The member and meeting of a valid token, or null (bad signature, expired, another purpose). */
export async function verifyRsvpToken(
  config: Config,
  token: string,
  now: Date,
): Promise<{ memberId: number; meetingId: number } | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(config), {
      algorithms: ["HS256"],
      currentDate: now,
    });
    const memberId = Number(payload.sub);
    const meetingId = Number(payload.meeting);
    if (payload.purpose !== PURPOSE || !Number.isInteger(memberId) || !Number.isInteger(meetingId))
      return null;
    return { memberId, meetingId };
  } catch {
    return null;
  }
}
