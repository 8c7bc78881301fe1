import type { GuestJoinResult } from "@club/shared";

/**
 * A guest pass kept on the guest's phone: one meeting night, the first name they gave
 * and the code they joined with (the same link opened again resumes as the same guest).
 */
export interface StoredGuestPass extends GuestJoinResult {
  firstName: string;
  code?: string;
}

/** The code as the join form reads it: no spaces or dashes, capitals. */
export const normalCode = (code: string) => code.replace(/[\s-]/g, "").toUpperCase();

/** The pass this phone holds for a code, if any: joining again with it resumes as the same guest. */
export function guestPassFor(code: string): StoredGuestPass | null {
  try {
    const pass = JSON.parse(localStorage.getItem(KEY) ?? "null") as StoredGuestPass | null;
    return pass && typeof pass.guestToken === "string" && pass.code && pass.code === normalCode(code)
      ? pass
      : null;
  } catch {
    return null;
  }
}

const KEY = "club.guestPass";

export function readGuestPass(meetingId: number): StoredGuestPass | null {
  try {
    const pass = JSON.parse(localStorage.getItem(KEY) ?? "null") as StoredGuestPass | null;
    return pass && pass.meetingId === meetingId && typeof pass.guestToken === "string" ? pass : null;
  } catch {
    return null;
  }
}

export function saveGuestPass(pass: StoredGuestPass): void {
  localStorage.setItem(KEY, JSON.stringify(pass));
}

export function forgetGuestPass(): void {
  localStorage.removeItem(KEY);
}
