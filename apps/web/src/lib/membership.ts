import type { MemberStatus, Role } from "@club/shared";

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Admin",
  treasurer: "Treasurer",
  member: "Member",
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: "Manages members and can undo anyone's change.",
  treasurer: "Keeps the club's dues.",
  member: "Adds and edits meetings, bottles, purchases, comments and themes.",
};

export const STATUS_LABELS: Record<MemberStatus, string> = {
  pending: "Waiting for approval",
  unconfirmed: "Email not confirmed",
  active: "Active",
  deactivated: "Deactivated",
};

/** Badge colours: who waits stands out; a deactivated member is greyed. */
export const STATUS_COLORS: Record<MemberStatus, string> = {
  pending: "orange",
  unconfirmed: "gray",
  active: "green",
  deactivated: "red",
};

export const fullName = (m: { firstName: string; lastName: string }) => `${m.firstName} ${m.lastName}`.trim();
