import type { ActivityAction } from "@club/api";
import {
  AUTH_SENTENCES,
  BACKUPS_SENTENCES,
  BOTTLES_SENTENCES,
  CELLAR_SENTENCES,
  CLUB_SENTENCES,
  COMMENTS_SENTENCES,
  GUESTS_SENTENCES,
  INSTANCES_SENTENCES,
  MEETINGS_SENTENCES,
  NIGHT_SENTENCES,
  NOTIFICATIONS_SENTENCES,
  rsvpSentence,
  sentenceText as text,
  SSO_SENTENCES,
  THEMES_SENTENCES,
  WISHLIST_SENTENCES,
  TOKENS_SENTENCES,
  WEBHOOKS_SENTENCES,
  TOTP_SENTENCES,
  PASSKEYS_SENTENCES,
  PASSKEY_LOGIN_SENTENCES,
  PLANNING_SENTENCES,
  MESSAGES_SENTENCES,
  type ActivitySentence,
  type SentenceParts,
} from "@club/shared";
import { describeDues } from "./describeDues";

/**
 * The activity log's sentence registry: every action with its sentence. The namespaces with a
 * module of their own in packages/shared declare theirs there; the rest are written here.
 */

type Sentence = ActivitySentence;

const nameOf = ({ d, after, before }: SentenceParts) => d.fullName(after ?? before);
/** The admin command line (npm run admin) does what the Members screen does. */
const fromCommandLine =
  (sentence: Sentence): Sentence =>
  (said) =>
    `${sentence(said)} (from the command line)`;
const approve: Sentence = (said) => `approved the membership of ${nameOf(said)}`;
const deactivate: Sentence = (said) => `deactivated the membership of ${nameOf(said)}`;
const setRole: Sentence = (said) =>
  `changed the role of ${nameOf(said)} from ${text(said.before?.role)} to ${text(said.after?.role)}`;
const invite: Sentence = ({ after }) => {
  const email = text(after?.email);
  return email ? `created an invite for ${email}` : "created an invite link";
};
const revokeInvite: Sentence = ({ before }) => {
  const email = text(before?.email);
  return email ? `revoked the invite for ${email}` : "revoked an invite link";
};
/** The ledger's own entries: describeDues.ts (reached by their entity, before this table). */
const dues: Sentence = ({ entry }) => describeDues(entry);

/**
 * Every action the activity log can hold, with its sentence, or null for a write that
 * records no entry (a login, a session's refresh). A namespace with its own module in
 * packages/shared/src declares its sentences there, beside its schemas (BOTTLES_SENTENCES in
 * bottles.ts, ...); the rest are here. Keyed by the procedures' names as types
 * (ActivityAction: every write of the router and the few actions that are not a procedure): a
 * new write without its sentence does not compile, nor does a misspelt or removed one
 * (UnknownActions below). e2e's activity-sentences.test.ts makes each write and fails on an
 * action missing.
 */
const SENTENCES = {
  ...BOTTLES_SENTENCES,
  ...CLUB_SENTENCES,
  ...MEETINGS_SENTENCES,
  ...NIGHT_SENTENCES,
  ...GUESTS_SENTENCES,
  ...INSTANCES_SENTENCES,
  ...CELLAR_SENTENCES,
  ...COMMENTS_SENTENCES,
  ...THEMES_SENTENCES,
  ...AUTH_SENTENCES,
  ...SSO_SENTENCES,
  ...BACKUPS_SENTENCES,
  ...WISHLIST_SENTENCES,
  ...NOTIFICATIONS_SENTENCES,
  ...TOKENS_SENTENCES,
  ...WEBHOOKS_SENTENCES,
  ...TOTP_SENTENCES,
  ...PASSKEYS_SENTENCES,
  ...PASSKEY_LOGIN_SENTENCES,
  ...PLANNING_SENTENCES,
  ...MESSAGES_SENTENCES,

  "activity.undo": ({ before, after, thing, d, entry }) => {
    if (!before && after) return `restored ${thing}`;
    if (before && !after) return `undid the addition of ${thing}`;
    return `undid a change to ${thing}${d.detail(entry.entity, before, after)}`;
  },

  "reminders.rsvpByLink": (said) => `${rsvpSentence(said)} (from the reminder email)`,
  "reminders.setPreferences": () => "changed their email preferences",

  // Dues, in words.
  // One wording for every ledger line (describeDues); the Activity screen takes it first.
  "dues.pay": dues,
  "dues.waive": dues,
  "dues.void": dues,
  "dues.setOpening": dues,
  "admin.memberSince": dues,

  "account.update": ({ d, after }) => `changed their name to ${d.fullName(after)}`,
  "account.setLanguage": () => "changed their language",
  "account.changePassword": () => "changed their password",
  "account.logoutEverywhere": () => "logged out on every device",
  "account.endSession": ({ before }) => `logged out ${text(before?.device) || "a device"}`,
  "members.approve": approve,
  "members.reject": (said) => `turned down the membership request of ${nameOf(said)}`,
  "members.deactivate": deactivate,
  "members.reactivate": (said) => `reactivated the membership of ${nameOf(said)}`,
  "members.setRole": setRole,
  "members.invite": invite,
  "members.revokeInvite": revokeInvite,
  "admin.approve": fromCommandLine(approve),
  "admin.deactivate": fromCommandLine(deactivate),
  "admin.role": fromCommandLine(setRole),
  "admin.invite": fromCommandLine(invite),
  "admin.totpOff": fromCommandLine((said) => `turned off the two-factor sign-in of ${nameOf(said)}`),
} satisfies Record<ActivityAction, Sentence | null>;

/** A key of SENTENCES that is no action (a misspelt or removed write in a namespace's table). */
type UnknownActions = Exclude<keyof typeof SENTENCES, ActivityAction>;
const noUnknownActions: [UnknownActions] extends [never] ? true : UnknownActions = true;
void noUnknownActions;

const sentences: Readonly<Record<string, Sentence | null>> = SENTENCES;
/** The sentence of an action, or null for one that has none. */
export const sentenceOf = (action: string): Sentence | null =>
  Object.hasOwn(sentences, action) ? (sentences[action] ?? null) : null;

/**
 * The actions with a sentence of their own: every kind of change the server writes is
 * here; e2e's activity-sentences.test.ts makes each write and fails on an action missing.
 */
export const DESCRIBED_ACTIONS: ReadonlySet<string> = new Set(
  Object.entries(sentences).flatMap(([action, sentence]) => (sentence ? [action] : [])),
);
