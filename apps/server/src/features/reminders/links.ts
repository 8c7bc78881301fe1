import { createHmac } from "node:crypto";
import { jwtVerify } from "jose";
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
): string {
  // An HS256 JWT made here rather than with jose's SignJWT, which is asynchronous: a meeting's
  // notice signs its links inside the meeting's write transaction, beside its outbox message.
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const body = `${part({ alg: "HS256" })}.${part({
    purpose: PURPOSE,
    meeting: claims.meetingId,
    sub: String(claims.memberId),
    exp: Math.floor(expiresAt.getTime() / 1000),
  })}`;
  return `${body}.${createHmac("sha256", keyOf(config)).update(body).digest("base64url")}`;
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
