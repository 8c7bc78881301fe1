import { describe, expect, it } from "vitest";
import { describeActivity } from "./describeActivity";
import { emptyNameBook } from "./names";

/** Every ledger write is an activity entry in plain words. */
const pat = { firstName: "Pat", lastName: "Treasurer" };
const line = (values: Record<string, unknown>) => ({ memberId: 7, memberName: "Ann Lee", ...values });
const say = (entry: { action: string; entity: string; before?: unknown; after?: unknown }) =>
  describeActivity({ entityId: "1", member: pat, ...entry }, emptyNameBook());

describe("the dues ledger's activity, in plain words", () => {
  it("a payment", () => {
    expect(
      say({
        action: "dues.pay",
        entity: "duesEntry",
        before: null,
        after: line({ kind: "payment", amountCents: -5200, method: "cash", date: "2026-11-23" }),
      }),
    ).toBe("Pat Treasurer recorded a $52.00 cash payment for Ann Lee");
  });

  it("a void, with its reason", () => {
    expect(
      say({
        action: "dues.void",
        entity: "duesEntry",
        before: line({ kind: "payment", amountCents: -52000, method: "cash", date: "2026-11-20" }),
        after: line({ kind: "void", amountCents: 52000, reason: "typed 520 instead of 52", voids: 1 }),
      }),
    ).toBe("Pat Treasurer voided Ann Lee's $520.00 cash payment of Nov 20, 2026: typed 520 instead of 52");
    expect(
      say({
        action: "dues.void",
        entity: "duesEntry",
        before: line({ kind: "monthly", amountCents: 1200, month: "2026-10" }),
        after: line({ kind: "void", amountCents: -1200, reason: "charged twice" }),
      }),
    ).toBe("Pat Treasurer voided Ann Lee's dues for October 2026 ($12.00): charged twice");
  });

  it("a waiver of several months", () => {
    expect(
      say({
        action: "dues.waive",
        entity: "duesEntry",
        before: null,
        after: line({
          kind: "waiver",
          amountCents: -3600,
          month: "2026-12",
          months: ["2026-12", "2027-01", "2027-02"],
          note: "Lost their job",
        }),
      }),
    ).toBe(
      "Pat Treasurer granted Ann Lee a hardship waiver for December 2026 to February 2027: “Lost their job”",
    );
  });

  it("an opening, set then changed, and from the command line", () => {
    const opening = {
      memberId: 7,
      memberName: "Ann Lee",
      memberSince: "2019-03-05",
      joiningFeePaid: true,
      firstChargedMonth: "2026-11",
      openingBalance: 24,
      note: "",
      recorded: true,
    };
    expect(
      say({
        action: "dues.setOpening",
        entity: "duesOpening",
        before: { ...opening, recorded: false },
        after: opening,
      }),
    ).toBe(
      "Pat Treasurer set the opening of Ann Lee's dues: member since Mar 5, 2019, joining fee paid then, charged from November 2026, $24.00 owed from before",
    );
    expect(
      say({
        action: "admin.memberSince",
        entity: "duesOpening",
        before: opening,
        after: { ...opening, joiningFeePaid: false, openingBalance: -12 },
      }),
    ).toBe(
      "Pat Treasurer changed the opening of Ann Lee's dues: member since Mar 5, 2019, joining fee charged, charged from November 2026, $12.00 in credit from before",
    );
  });

  it("undo: a payment undone is voided; an opening undone is set back", () => {
    expect(
      say({
        action: "activity.undo",
        entity: "duesEntry",
        before: line({ kind: "payment", amountCents: -2500, method: "card", date: "2026-11-23" }),
        after: line({ kind: "void", amountCents: 2500, reason: "Undone" }),
      }),
    ).toBe("Pat Treasurer undid the $25.00 card payment of Nov 23, 2026 for Ann Lee (voided)");
    expect(
      say({ action: "activity.undo", entity: "duesOpening", before: { memberName: "Ann Lee" }, after: {} }),
    ).toBe("Pat Treasurer undid a change to the opening of Ann Lee's dues");
  });

  it("older entries without the member's name still read", () => {
    expect(
      say({
        action: "dues.pay",
        entity: "duesEntry",
        before: null,
        after: { kind: "payment", amountCents: -1200, method: null },
      }),
    ).toBe("Pat Treasurer recorded a $12.00 payment for a member");
  });
});
