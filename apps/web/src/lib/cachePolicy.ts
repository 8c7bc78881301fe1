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
 * Cache freshness as one policy (issue 24). The default rule: a write makes its own namespace's
 * reads stale ("bottles.setFavourite" -> every "bottles" query), and a new write that changes
 * only what its own namespace reads needs no line. This table holds the writes that differ: other
 * namespaces too, "everything", "screen", or nothing ([]). Its keys are the writes' names as a
 * type: a misspelt or removed write here does not compile. The rule runs once a write has
 * succeeded and the screen's own onSuccess (its notice, closing a dialog, leaving a deleted
 * thing's page) has run, so a page that is gone is not refetched.
 */
export const WRITE_CHANGES = {
  "meetings.create": ["meetings", "themes"],
  // A new host runs the night (its isHost and host).
  "meetings.update": ["meetings", "themes", "night"],
  "meetings.delete": ["meetings", "themes"],
  "meetings.addBottle": ["meetings", "night"],
  "meetings.removeBottle": ["meetings", "night"],
  "themes.update": ["themes", "meetings"],
  "bottles.create": ["bottles", "search", "lookups"],
  "bottles.update": ["bottles", "meetings"],
  "bottles.delete": ["bottles", "meetings", "comments"],
  "bottles.mergeInto": "screen",
  "instances.create": ["bottles"],
  "instances.finish": ["bottles"],
  "instances.update": ["bottles"],
  "instances.delete": ["bottles"],
  "cellar.open": ["bottles", "cellar"],
  "cellar.setLevel": ["bottles", "cellar"],
  "members.approve": ["members", "account"],
  "members.reject": ["members", "account"],
  "members.deactivate": ["members", "account"],
  "members.reactivate": ["members", "account"],
  "members.setRole": ["members", "account"],
  "members.invite": [],
  // The account's cards put the saved answer in the cache (setData) or end the session.
  "account.update": [],
  "account.changePassword": [],
  "account.logoutEverywhere": [],
  "activity.undo": "everything",
  "night.setFlight": ["night", "meetings"],
  "night.copyFlight": ["night", "meetings"],
  // The host set in the night's settings is the meeting's host; a reveal or a hide changes its bottles.
  "night.settings": ["night", "meetings"],
  "night.reveal": ["night", "meetings"],
  "night.hide": ["night", "meetings"],
  // The score sheet keeps its drafts and their saved state itself; the live stream says the rest.
  "night.score": [],
  // Guests at the table (issue 26): the host's list of guests and the night's.
  "guests.remove": ["guests", "night"],
  // The guest's own pass: nothing cached yet on the join page.
  "guests.join": [],
  "dues.setOpening": ["dues", "activity"],
  // A visitor's page (the reminder email's link): nothing of theirs is cached.
  "reminders.rsvpByLink": [],
  "reminders.setPreferences": [],
  // The page puts the new overview in the cache (setData).
  "backups.create": [],
} as const satisfies Partial<Record<WritePath, Changes>>;

const changes: Readonly<Record<string, Changes>> = WRITE_CHANGES;

/** The mutation key of a write made through the tRPC client rather than its hook (useMutation). */
export const writeKey = (path: WritePath): string[][] => [path.split(".")];

/** The procedure of a mutation, from the key tRPC's hooks give it ([["bottles", "create"]]). */
export function writeOf(mutationKey: unknown): string | null {
  const first: unknown = Array.isArray(mutationKey) ? mutationKey[0] : undefined;
  return Array.isArray(first) && first.every((part) => typeof part === "string") ? first.join(".") : null;
}

/** What a write makes stale: its line in WRITE_CHANGES, else its own namespace. */
export function changesOf(write: string): readonly string[] | "everything" | "screen" {
  if (Object.hasOwn(changes, write)) return changes[write] ?? [];
  return [write.split(".")[0] ?? write];
}

/** Marks what a successful write changed stale; the queries on screen refetch at once. */
export function refreshAfter(queryClient: QueryClient, write: string | null): Promise<unknown> {
  const changed = write === null ? "screen" : changesOf(write);
  if (changed === "screen") return Promise.resolve();
  if (changed === "everything") return queryClient.invalidateQueries();
  return Promise.all(changed.map((namespace) => queryClient.invalidateQueries({ queryKey: [[namespace]] })));
}
