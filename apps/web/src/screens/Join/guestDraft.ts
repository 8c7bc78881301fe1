import { useState } from "react";

/**
 * A guest's sheet not yet saved (session 11), kept on the phone per meeting and pour: a reload, a
 * look at another pour's tab or the back button no longer wipes the parts and the note the guest
 * was entering. Saving clears it; the saved score is then the sheet.
 */
export interface GuestSheet {
  nose: number;
  palate: number;
  finish: number;
  balance: number;
  note: string;
}

const keyOf = (meetingId: number, pour: number) => `club.guestSheet:${meetingId}:${pour}`;

function read(key: string): GuestSheet | null {
  try {
    return JSON.parse(sessionStorage.getItem(key) ?? "null") as GuestSheet | null;
  } catch {
    return null;
  }
}

/** The sheet of one pour: the unsaved one kept on the phone, else `initial` (the saved score). */
export function useGuestSheet(meetingId: number, pour: number, initial: () => GuestSheet) {
  const key = keyOf(meetingId, pour);
  const [sheet, setSheet] = useState<GuestSheet>(() => read(key) ?? initial());
  const change = (next: Partial<GuestSheet>) =>
    setSheet((old) => {
      const value = { ...old, ...next };
      try {
        sessionStorage.setItem(key, JSON.stringify(value));
      } catch {
        // private mode without storage: the sheet lives as long as the screen
      }
      return value;
    });
  const saved = () => {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // nothing was kept
    }
  };
  return { sheet, change, saved };
}
