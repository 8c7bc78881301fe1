import type { ActivityAction } from "@club/api";
import { sentenceNumber as num, sentenceText as text } from "@club/shared";
import type { Said } from "./said";
import { describeDues } from "./describeDues";

/**
 * The activity log's sentence registry: every action with its sentence, in the reader's language
 * (the messages of src/locales/<language>/activity.json). Their English is the log's English,
 * word for word: sentences.test.ts writes it out for every action and shape of entry.
 */

type Sentence = (said: Said) => string;

const nameOf = ({ d, after, before }: Said) => d.fullName(after ?? before);
/** The admin command line (npm run admin) does what the Members screen does. */
const fromCommandLine =
  (sentence: Sentence): Sentence =>
  (said) =>
    said.d.t("suffix.commandLine", { sentence: sentence(said) });
const approve: Sentence = (said) => said.d.t("members.approve", { name: nameOf(said) });
const deactivate: Sentence = (said) => said.d.t("members.deactivate", { name: nameOf(said) });
const setRole: Sentence = (said) =>
  said.d.t("members.setRole", {
    name: nameOf(said),
    from: text(said.before?.role),
    to: text(said.after?.role),
  });
const invite: Sentence = ({ d, after }) => {
  const email = text(after?.email);
  return email ? d.t("members.invite", { email }) : d.t("members.inviteLink");
};
const revokeInvite: Sentence = ({ d, before }) => {
  const email = text(before?.email);
  return email ? d.t("members.revokeInvite", { email }) : d.t("members.revokeInviteLink");
};
/** The ledger's own entries: describeDues.ts (reached by their entity, before this table). */
const dues: Sentence = ({ d, entry }) => describeDues(entry, d.t);

const joined: Sentence = ({ d, after }) =>
  after?.status === "pending" ? d.t("auth.asked") : d.t("auth.joined");

const bottleChange: Sentence = ({ d, before, after, entry }) => d.bottleChange(before, after, entry.entityId);

/** An RSVP: coming (with guests), perhaps, not, or the answer taken back. */
const rsvp: Sentence = ({ d, row, after, entry }) => {
  const meeting = d.meeting(row?.meetingId ?? Number(entry.entityId.split(":")[0]));
  if (!after) return d.t("rsvp.withdrawn", { meeting });
  const guests = Math.max(0, num(after.guests) ?? 0);
  return after.status === "going"
    ? d.t("rsvp.going", { meeting, guests })
    : after.status === "maybe"
      ? d.t("rsvp.maybe", { meeting, guests })
      : d.t("rsvp.no", { meeting });
};

const flightChange: Sentence = ({ d, row, before, after, entry }) => {
  const pour = d.pour(row, entry.entityId);
  const flight = d.t("flight.of", { meeting: d.meeting(row?.meetingId) });
  if (!before) return d.t("flight.added", { pour, flight });
  if (!after) return d.t("flight.removed", { pour, flight });
  const moves: string[] = [];
  if (before.position !== after.position)
    moves.push(d.t("flight.position", { position: num(after.position) ?? "?" }));
  if (before.pourMl !== after.pourMl) moves.push(d.t("flight.pourMl", { ml: num(after.pourMl) ?? "?" }));
  return d.t("flight.changed", { pour, flight, moves: d.detailOf(moves) });
};

const guestScore: Sentence = ({ d, row, before, entry }) =>
  d.t(before ? "guests.changeScore" : "guests.typeScore", {
    pour: d.pour(row, entry.entityId),
    meeting: d.meeting(row?.meetingId),
  });

/**
 * Every action the activity log can hold, with its sentence, or null for a write that records no
 * entry (a login, a session's refresh). Keyed by the procedures' names as types (ActivityAction:
 * every write of the router and the few actions that are not a procedure): a new write without its
 * sentence does not compile, nor does a misspelt or removed one (UnknownActions below). e2e's
 * activity-sentences.test.ts makes each write and fails on an action missing.
 */
const SENTENCES = {
  // Bottles; a CSV import is one entry.
  "bottles.import": ({ d, after }) => d.t("bottles.import", { count: Number(after?.created ?? 0) }),
  "bottles.create": ({ d, thing }) => d.t("bottles.create", { thing }),
  "bottles.delete": ({ d, thing }) => d.t("bottles.delete", { thing }),
  "bottles.mergeInto": ({ d, before, after, thing }) =>
    d.t("bottles.mergeInto", {
      from: text(before?.name) || thing,
      to: text(after?.name) || d.bottle(after?.id),
    }),
  "bottles.uploadImage": ({ d, before, thing, entry }) =>
    before
      ? d.t("bottles.replacePhoto", { thing })
      : d.t("bottles.uploadImage", { bottle: d.bottle(Number(entry.entityId)) }),
  "bottles.update": bottleChange,
  "bottles.updateAbv": bottleChange,
  "bottles.updateBrand": bottleChange,
  "bottles.updateDrinkType": bottleChange,
  "bottles.updateCountry": bottleChange,
  "bottles.updateState": bottleChange,
  "bottles.setBarcode": ({ d, after, entry }) =>
    d.t("bottles.setBarcode", { barcode: text(after?.barcode), bottle: d.bottle(Number(entry.entityId)) }),
  "bottles.setFavourite": ({ d, after }) =>
    d.t(after?.favourite ? "bottles.favourite" : "bottles.unfavourite", {
      bottle: d.bottle(after?.bottleId),
    }),

  "club.import": ({ d }) => d.t("club.import"),
  "club.updateSettings": ({ d }) => d.t("club.updateSettings"),

  "meetings.create": ({ d, row }) =>
    d.t("meetings.create", {
      date: d.date(row?.date),
      host: text(row?.hostName),
      theme: d.theme(row?.themeId),
    }),
  "meetings.update": ({ d, before, after, entry }) =>
    d.t("generic.changed", {
      thing: d.thing("meeting", before, entry.entityId),
      detail: d.detail("meeting", before, after),
    }),
  "meetings.delete": ({ d, thing, row }) => d.t("meetings.delete", { thing, host: text(row?.hostName) }),
  "meetings.addBottle": ({ d, row, entry }) =>
    d.t("meetings.addBottle", { pour: d.pour(row, entry.entityId), meeting: d.meeting(row?.meetingId) }),
  "meetings.removeBottle": ({ d, row, entry }) =>
    d.t("meetings.removeBottle", { pour: d.pour(row, entry.entityId), meeting: d.meeting(row?.meetingId) }),

  // The meeting night.
  "night.setFlight": flightChange,
  // Copying a past meeting's flight writes what the flight editor's save writes.
  "night.copyFlight": (said) => said.d.t("suffix.copied", { sentence: flightChange(said) }),
  "night.reveal": ({ d, row, entry }) =>
    d.t("night.reveal", { pour: d.pour(row, entry.entityId), meeting: d.meeting(row?.meetingId) }),
  "night.hide": ({ d, row, entry }) =>
    d.t("night.hide", { pour: d.pour(row, entry.entityId), meeting: d.meeting(row?.meetingId) }),
  "night.score": ({ d, row, before, entry }) =>
    d.t(before ? "night.rescore" : "night.score", {
      pour: d.pour(row, entry.entityId),
      meeting: d.meeting(row?.meetingId),
    }),
  "night.settings": ({ d, before, after, entry }) =>
    d.t("night.settings", {
      thing: d.thing("meeting", before, entry.entityId),
      detail: d.detail("meeting", before, after),
    }),
  "night.rsvp": rsvp,
  "night.phase": ({ d, after, entry }) => {
    const meeting = d.meeting(Number(entry.entityId));
    if (!after) return d.t("night.phasesOff", { meeting });
    const pour = num(after.pour) ?? "?";
    return after.phase
      ? d.t("night.phaseNamed", { meeting, pour, phase: text(after.phase) })
      : d.t("night.phase", { meeting, pour });
  },

  // Guests.
  "guests.openCode": ({ d, entry }) => d.t("guests.openCode", { meeting: d.meeting(Number(entry.entityId)) }),
  "guests.closeCode": ({ d, entry }) =>
    d.t("guests.closeCode", { meeting: d.meeting(Number(entry.entityId)) }),
  "guests.join": ({ d, row }) =>
    row?.guestOf
      ? d.t("guests.joinOf", {
          name: text(row?.firstName),
          host: text(row.guestOf),
          meeting: d.meeting(row?.meetingId),
        })
      : d.t("guests.join", { name: text(row?.firstName), meeting: d.meeting(row?.meetingId) }),
  "guests.remove": ({ d, row }) =>
    d.t("guests.remove", { name: text(row?.firstName), meeting: d.meeting(row?.meetingId) }),
  "guests.add": ({ d, row }) =>
    row?.guestOf
      ? d.t("guests.addOf", {
          name: text(row?.firstName),
          host: text(row.guestOf),
          meeting: d.meeting(row?.meetingId),
        })
      : d.t("guests.add", { name: text(row?.firstName), meeting: d.meeting(row?.meetingId) }),
  "guests.invite": ({ d, entry, row }) =>
    entry.entity === "invite"
      ? d.t("guests.inviteNew", { meeting: d.meeting(row?.meetingId) })
      : d.t("guests.invite", { name: text(row?.firstName), meeting: d.meeting(row?.meetingId) }),
  "guests.setScore": guestScore,

  // Purchases and the cellar.
  "instances.create": ({ d, row }) =>
    d.t("instances.create", {
      bottle: d.bottle(row?.bottleId),
      date: d.date(row?.datePurchased),
      price: d.price(row?.purchasePriceCents),
    }),
  "instances.finish": ({ d, thing }) => d.t("instances.finish", { thing }),
  "instances.update": ({ d, before, after, entry }) =>
    d.t("instances.update", {
      thing: d.thing("instance", before, entry.entityId),
      detail: d.detail("instance", before, after),
    }),
  "instances.delete": ({ d, thing, row }) =>
    d.t("instances.delete", { thing, price: d.price(row?.purchasePriceCents) }),
  "cellar.open": ({ d, thing, after }) => d.t("cellar.open", { thing, date: d.date(after?.openedDate) }),
  "cellar.setLevel": ({ d, thing, after }) =>
    d.t("cellar.setLevel", { thing, pct: num(after?.levelPct) ?? 0 }),

  "comments.create": ({ d, row }) =>
    d.t("comments.create", { bottle: d.bottle(row?.bottleId), quote: d.quote(row?.comment) }),
  "comments.update": ({ d, row, after }) =>
    d.t("comments.update", { bottle: d.bottle(row?.bottleId), quote: d.quote(after?.comment) }),
  "comments.delete": ({ d, row, before }) =>
    d.t("comments.delete", { bottle: d.bottle(row?.bottleId), quote: d.quote(before?.comment) }),

  "themes.create": ({ d, thing }) => d.t("generic.added", { thing }),
  "themes.update": ({ d, before, after }) =>
    d.t("themes.update", { from: d.quote(before?.description), to: d.quote(after?.description) }),
  "themes.delete": ({ d, thing }) => d.t("generic.deleted", { thing }),

  // Sessions: null for a call that changes no club data and records no entry.
  "auth.confirmEmail": joined,
  "auth.ssoJoin": joined,
  "auth.ssoLink": ({ d }) => d.t("auth.ssoLink"),
  "auth.ssoRole": ({ d, before, after }) =>
    d.t("auth.ssoRole", { role: String(after?.role), was: String(before?.role) }),
  "auth.resetPassword": ({ d }) => d.t("auth.resetPassword"),
  "auth.login": null,
  "auth.loginTotp": null,
  "auth.register": null,
  "auth.refresh": null,
  "auth.logout": null,
  "auth.resendConfirmation": null,
  "auth.forgotPassword": null,
  "sso.exchange": null,
  "passkeyLogin.options": null,
  "passkeyLogin.login": null,

  "backups.create": ({ d, after }) => d.t("backups.create", { file: text(after?.file) }),

  "wishlist.add": ({ d, after }) => d.t("wishlist.add", { name: text(after?.bottleName) }),
  "wishlist.vote": ({ d, after }) =>
    d.t(after?.vote ? "wishlist.vote" : "wishlist.unvote", { name: text(after?.bottleName) }),
  "wishlist.remove": ({ d, before }) => d.t("wishlist.remove", { name: text(before?.bottleName) }),
  // One buy writes three entries: the wish, a new bottle (when the wish named none), the purchase.
  "wishlist.bought": ({ d, entry, thing, before }) =>
    entry.entity === "wish"
      ? d.t("wishlist.boughtWish", { name: text(before?.bottleName) })
      : entry.entity === "bottle"
        ? d.t("wishlist.boughtBottle", { thing })
        : d.t("wishlist.boughtPurchase", { thing }),

  "notifications.read": ({ d }) => d.t("notifications.read"),
  "notifications.setSettings": ({ d }) => d.t("notifications.setSettings"),
  "notifications.subscribePush": ({ d }) => d.t("notifications.subscribePush"),
  "notifications.unsubscribePush": ({ d }) => d.t("notifications.unsubscribePush"),

  "tokens.create": ({ d, after }) => d.t("tokens.create", { name: text(after?.name) }),
  // An admin may revoke another member's token: the entry names whose it was.
  "tokens.revoke": ({ before, d }) =>
    before?.firstName
      ? d.t("tokens.revokeOf", { name: text(before.name), member: d.fullName(before) })
      : d.t("tokens.revoke", { name: text(before?.name) }),

  "webhooks.create": ({ d, after }) => d.t("webhooks.create", { url: text(after?.url) }),
  "webhooks.delete": ({ d, before }) => d.t("webhooks.delete", { url: text(before?.url) }),
  "webhooks.test": ({ d, after }) => d.t("webhooks.test", { url: text(after?.url) }),

  "totp.setup": ({ d }) => d.t("totp.setup"),
  "totp.enable": ({ d }) => d.t("totp.enable"),
  "totp.disable": ({ d }) => d.t("totp.disable"),

  "passkeys.register": ({ d, after }) => d.t("passkeys.register", { name: text(after?.name) }),
  "passkeys.rename": ({ d, before, after }) =>
    d.t("passkeys.rename", { from: text(before?.name), to: text(after?.name) }),
  // An admin may remove another member's passkey (a lost phone): the entry names whose it was.
  "passkeys.remove": ({ before, d }) =>
    before?.firstName
      ? d.t("passkeys.removeOf", { name: text(before.name), member: d.fullName(before) })
      : d.t("passkeys.remove", { name: text(before?.name) }),

  "planning.volunteer": ({ d, row }) => d.t("planning.volunteer", { meeting: d.meeting(row?.meetingId) }),
  "planning.withdraw": ({ d, row }) => d.t("planning.withdraw", { meeting: d.meeting(row?.meetingId) }),
  "planning.vote": ({ d, row }) =>
    d.t("planning.vote", { theme: d.theme(row?.themeId), meeting: d.meeting(row?.meetingId) }),
  // One close writes two entries: the vote's, and the new meeting's.
  "planning.close": ({ d, entry, row }) =>
    entry.entity === "meeting"
      ? d.t("planning.closeMeeting", { date: d.date(row?.date) })
      : d.t("planning.close", { meeting: d.meeting(row?.meetingId) }),
  "messages.send": ({ d, row }) =>
    d.t(row?.audience === "going" ? "messages.sendGoing" : "messages.sendAll", {
      subject: text(row?.subject),
      meeting: d.meeting(row?.meetingId),
    }),

  "activity.undo": ({ before, after, thing, d, entry }) => {
    if (!before && after) return d.t("undo.restored", { thing });
    if (before && !after) return d.t("undo.addition", { thing });
    return d.t("undo.change", { thing, detail: d.detail(entry.entity, before, after) });
  },

  "reminders.rsvpByLink": (said) => said.d.t("suffix.reminder", { sentence: rsvp(said) }),
  "reminders.setPreferences": ({ d }) => d.t("reminders.setPreferences"),

  // Dues, in words.
  // One wording for every ledger line (describeDues); the Activity screen takes it first.
  "dues.pay": dues,
  "dues.waive": dues,
  "dues.void": dues,
  "dues.setOpening": dues,
  "admin.memberSince": dues,

  "account.update": ({ d, after }) => d.t("account.update", { name: d.fullName(after) }),
  "account.setLanguage": ({ d }) => d.t("account.setLanguage"),
  "account.changePassword": ({ d }) => d.t("account.changePassword"),
  "account.logoutEverywhere": ({ d }) => d.t("account.logoutEverywhere"),
  "account.endSession": ({ d, before }) =>
    d.t("account.endSession", { device: text(before?.device) || d.t("w.aDevice") }),
  "members.approve": approve,
  "members.reject": (said) => said.d.t("members.reject", { name: nameOf(said) }),
  "members.deactivate": deactivate,
  "members.reactivate": (said) => said.d.t("members.reactivate", { name: nameOf(said) }),
  "members.setRole": setRole,
  "members.invite": invite,
  "members.revokeInvite": revokeInvite,
  "admin.approve": fromCommandLine(approve),
  "admin.deactivate": fromCommandLine(deactivate),
  "admin.role": fromCommandLine(setRole),
  "admin.invite": fromCommandLine(invite),
  "admin.totpOff": fromCommandLine((said) => said.d.t("admin.totpOff", { name: nameOf(said) })),
} satisfies Record<ActivityAction, Sentence | null>;

/** A key of SENTENCES that is no action (a misspelt or removed write). */
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
