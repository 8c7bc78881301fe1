import type { QueryClient } from "@tanstack/react-query";
import type { ProcedurePath, WritePath } from "@club/api";

/** A namespace of the router ("bottles"): every query under it is one group in the cache. */
type Namespace = ProcedurePath extends `${infer N}.${string}` ? N : never;

/**
 * What a write makes stale: the namespaces whose cached reads it can change, "everything", or
 * "screen" when the screen that makes it decides (a merge marks everything stale without refetching,
 * see MergeBottleDialog). An empty list: the screen puts the answer in the cache itself (setData)
 * or nothing cached shows what it changed.
 */
type Changes = readonly Namespace[] | "everything" | "screen";

/**
 * Cache freshness as one policy. The default rule: a write makes its own namespace's
 * reads stale ("bottles.setFavourite" -> every "bottles" query), and a new write that changes
 * only what its own namespace reads needs no line. This table holds the writes that differ: other
 * namespaces too, "everything", "screen", or nothing ([]). Its keys are the writes' names as a
 * type: a misspelt or removed write here does not compile. The rule runs once a write has
 * succeeded and the screen's own onSuccess (its notice, closing a dialog, leaving a deleted
 * thing's page) has run, so a page that is gone is not refetched.
 */
export const WRITE_CHANGES = {
  // An answer link's page shows the member's answer so far (reminders.rsvpLink).
  "night.rsvp": ["night", "reminders"],
  // Home's Next meeting card is calendar.next; an answer link's page names the meeting (reminders).
  "meetings.create": ["meetings", "themes", "calendar", "planning"],
  // A new host runs the night (its isHost and host).
  "meetings.update": ["meetings", "themes", "night", "calendar", "reminders", "planning"],
  // The vote's options are the theme ideas; a closed vote makes the next meeting.
  "themes.create": ["themes", "planning"],
  "themes.delete": ["themes", "planning"],
  "planning.close": ["planning", "meetings", "themes", "calendar"],
  "meetings.delete": ["meetings", "themes", "calendar", "reminders", "planning"],
  "meetings.addBottle": ["meetings", "night"],
  "meetings.removeBottle": ["meetings", "night"],
  "themes.update": ["themes", "meetings", "night", "reminders", "planning", "calendar"],
  "bottles.create": ["bottles", "search", "lookups"],
  // A bottle's name, brand, type, country, state and ABV show in the flights, results and search.
  "bottles.update": ["bottles", "meetings", "night", "search"],
  "bottles.updateAbv": ["bottles", "night", "search"],
  "bottles.updateBrand": ["bottles", "night", "search"],
  "bottles.updateCountry": ["bottles", "night", "search"],
  "bottles.updateDrinkType": ["bottles", "night", "search"],
  "bottles.updateState": ["bottles", "night", "search"],
  "bottles.delete": ["bottles", "meetings", "comments", "search"],
  "bottles.mergeInto": "screen",
  "instances.create": ["bottles", "search"],
  // A bought wish joins the library with its purchase.
  "wishlist.bought": ["wishlist", "bottles", "search", "lookups"],
  "instances.finish": ["bottles"],
  "instances.update": ["bottles"],
  "instances.delete": ["bottles"],
  "cellar.open": ["bottles", "cellar"],
  "cellar.setLevel": ["bottles", "cellar"],
  // Who may host a night and who owes dues follow the members' status.
  "members.approve": ["members", "account", "night", "dues"],
  "members.reject": ["members", "account"],
  "members.deactivate": ["members", "account", "night", "dues"],
  "members.reactivate": ["members", "account", "night", "dues"],
  "members.setRole": ["members", "account"],
  // A member's name shows on every screen that names members (comments, the members, dues, the
  // night's hosts); the other account cards end the session or change nothing another read shows.
  "account.update": "everything",
  "account.changePassword": [],
  "account.logoutEverywhere": [],
  "activity.undo": "everything",
  // The club's name, currency, dues and meeting rule show on every screen.
  "club.updateSettings": "everything",
  "night.setFlight": ["night", "meetings"],
  "night.copyFlight": ["night", "meetings"],
  // The host set in the night's settings is the meeting's host; a reveal or a hide changes its bottles.
  "night.settings": ["night", "meetings", "calendar"],
  "night.reveal": ["night", "meetings"],
  "night.hide": ["night", "meetings"],
  // The score sheet keeps its drafts itself; a saved score changes the night's results and the
  // bottles' club scores (search), as the live stream tells the other tasters' screens.
  "night.score": ["night", "search"],
  // Guests at the table: the host's list of guests and the night's.
  "guests.remove": ["guests", "night"],
  // The guest's own pass: nothing cached yet on the join page.
  "guests.join": [],
  // An invite to join is one of the club's invites (an admin's list of open invites).
  "guests.invite": ["guests", "members"],
  // The answer link's page (reminders.rsvpLink), and the night's answers for a member signed in
  // in the same browser.
  "reminders.rsvpByLink": ["reminders", "night"],
} as const satisfies Partial<Record<WritePath, Changes>>;

const changes: Readonly<Record<string, Changes>> = WRITE_CHANGES;

/** The mutation key of a write made through the tRPC client rather than its hook (useMutation). */
export const writeKey = (path: WritePath): string[][] => [path.split(".")];

/** The procedure of a mutation, from the key tRPC's hooks give it ([["bottles", "create"]]). */
export function writeOf(mutationKey: unknown): string | null {
  const first: unknown = Array.isArray(mutationKey) ? mutationKey[0] : undefined;
  return Array.isArray(first) && first.every((part) => typeof part === "string") ? first.join(".") : null;
}

/**
 * What every write makes stale besides its own line: each write is recorded in the club's activity
 * log, in the same transaction, and the club's stats are figures over all of its data (bottles,
 * purchases, comments, meetings, answers, scores). Neither read is on screen while a write is
 * made, so this costs no request: they are asked again when next shown.
 */
export const EVERY_WRITE_CHANGES = ["activity", "stats"] as const satisfies readonly Namespace[];

/**
 * What a write makes stale: its line in WRITE_CHANGES, else its own namespace; and the activity log
 * (EVERY_WRITE_CHANGES).
 */
export function changesOf(write: string): readonly string[] | "everything" | "screen" {
  const own = Object.hasOwn(changes, write) ? (changes[write] ?? []) : [write.split(".")[0] ?? write];
  if (own === "everything" || own === "screen") return own;
  return [...new Set([...own, ...EVERY_WRITE_CHANGES])];
}

/** Marks what a successful write changed stale; the queries on screen refetch at once. */
export function refreshAfter(queryClient: QueryClient, write: string | null): Promise<unknown> {
  const changed = write === null ? "screen" : changesOf(write);
  if (changed === "screen") return Promise.resolve();
  if (changed === "everything") return queryClient.invalidateQueries();
  return Promise.all(changed.map((namespace) => queryClient.invalidateQueries({ queryKey: [[namespace]] })));
}
