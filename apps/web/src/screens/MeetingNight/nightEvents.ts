import type { MeetingEvent } from "@club/shared";

/** The reads of a meeting a live event can change. */
export type NightRead =
  "night" | "rsvps" | "myRsvp" | "flight" | "myScores" | "results" | "meeting" | "guests";

const ALL: NightRead[] = ["night", "rsvps", "myRsvp", "flight", "myScores", "results", "meeting", "guests"];

/**
 * What to refetch when the meeting's stream says something changed. "settings" is also the first
 * event of every (re)connection, so it refetches everything: whatever happened while the stream
 * was down is caught up. A score changes only the results (60 members scoring at once must not
 * make every phone refetch the whole page).
 */
export function readsFor(kind: MeetingEvent["kind"]): NightRead[] {
  switch (kind) {
    case "settings":
      return ALL;
    case "rsvp":
      return ["rsvps", "myRsvp"];
    case "flight":
      return ["flight", "myScores", "results", "meeting"];
    case "scores":
      return ["results"];
    case "reveal":
      return ["flight", "results", "meeting"];
    // The host moved the room on (the night read carries the phase); a guest joined or left.
    case "phase":
      return ["night"];
    case "guests":
      return ["guests", "results"];
  }
}
