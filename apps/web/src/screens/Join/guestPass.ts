import type { GuestJoinResult } from "@club/shared";

/** A guest pass kept on the guest's phone (issue 26): one meeting night, the first name they gave. */
export interface StoredGuestPass extends GuestJoinResult {
  firstName: string;
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
