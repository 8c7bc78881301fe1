/**
 * The activity log's action names that features write themselves. An entry is named by the
 * procedure that made the change, and most entries are recorded by their procedure without a name
 * written anywhere; these are the rest. The kernel knows no router: app/contract.ts checks each
 * name against it, so a misspelt or removed one does not compile there, and a feature that names
 * an action not listed here does not compile either.
 */

/**
 * The actions that are not a procedure: REST-only writes (the photo upload, the CSV and club
 * imports), single sign-on's joins and links, and the admin command line's (which do what the
 * Members screen's procedures do: ADMIN_ACTIONS).
 */
export const ACTIVITY_ONLY_ACTIONS = [
  "bottles.uploadImage",
  "bottles.import",
  "club.import",
  "auth.ssoJoin",
  "auth.ssoLink",
  "auth.ssoRole",
  "admin.approve",
  "admin.deactivate",
  "admin.role",
  "admin.invite",
  "admin.memberSince",
  "admin.totpOff",
] as const;

/**
 * Writes of the router whose entry a service records by name: a REST-only session call (the
 * confirmation and the reset links), a guest's join, an RSVP from a reminder's link, a merge
 * (which the activity log and its undo recognise by name).
 */
export const PROCEDURE_ACTIONS = [
  "auth.confirmEmail",
  "auth.resetPassword",
  "guests.join",
  "reminders.rsvpByLink",
  "bottles.mergeInto",
] as const;

/** An action that is not a procedure. */
export type ActivityOnlyAction = (typeof ACTIVITY_ONLY_ACTIONS)[number];

/** An action a feature names itself (checked against the router by app/contract.ts). */
export type NamedAction = ActivityOnlyAction | (typeof PROCEDURE_ACTIONS)[number];
