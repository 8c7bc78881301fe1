import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  DuesMemberIdSchema,
  DuesMemberSchema,
  DuesReportQuerySchema,
  DuesStatementSchema,
  OpeningInputSchema,
  PaymentInputSchema,
  VoidInputSchema,
  WaiverInputSchema,
} from "@club/shared";
import { memberProcedure, treasurerProcedure } from "../../kernel/trpc";
import { duesReport } from "./reportService";
import { allDues, grantWaiver, memberDues, myDues, recordPayment, setOpening, voidEntry } from "./service";

/**
 * The dues ledger. REST-only (routes.ts): the export, and GET /api/Dues/Report, which answers the
 * report as JSON or, with format=csv, as a CSV file; its tRPC twin is `dues.report`.
 */
export const duesRouter = {
  me: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/Dues/Me" },
      doc: {
        summary: "My dues",
        description:
          "Balance (dollars; negative: paid ahead), the month paid through, months behind and every entry, newest first.",
        response: DuesStatementSchema,
        responseDescription: "The caller's statement.",
      },
    })
    .query(({ ctx }) => myDues(ctx)),

  list: treasurerProcedure
    .meta({
      rest: { method: "GET", path: "/api/Dues" },
      doc: {
        summary: "Every member's dues",
        description: "For the treasurer: each member's balance, paid-through month and months behind.",
        response: z.array(DuesMemberSchema),
        responseDescription: "One row per member.",
      },
    })
    .query(({ ctx }) => allDues(ctx)),

  member: treasurerProcedure
    .meta({
      rest: { method: "GET", path: "/api/Dues/Members/:memberId" },
      doc: {
        summary: "One member's dues",
        response: DuesStatementSchema,
        responseDescription: "The member's statement.",
        errors: [404],
      },
    })
    .input(DuesMemberIdSchema)
    .query(({ ctx, input }) => memberDues(ctx, input)),

  pay: treasurerProcedure
    .meta({
      rest: { method: "POST", path: "/api/Dues/Payments", status: 201 },
      doc: {
        summary: "Record a payment",
        description:
          "Amount in dollars (cents at most), the date received (not in the future), the method and a note. A payment that would leave the member more than 12 months of dues in credit, or dated before the member joined (`memberSince`), is a 409 `CONFIRM_LARGE_PAYMENT` whose message says what it pays through, unless `confirm: true` is sent.",
        response: DuesStatementSchema,
        responseDescription: "The member's statement after the payment.",
        errors: [404, 409],
      },
    })
    .input(PaymentInputSchema)
    .mutation(({ ctx, input }) => recordPayment(ctx, input)),

  waive: treasurerProcedure
    .meta({
      rest: { method: "POST", path: "/api/Dues/Waivers", status: 201 },
      doc: {
        summary: "Grant a hardship waiver",
        description:
          "1 to 6 whole months from fromMonth, only for a member of more than 12 months (from `memberSince`), at most 6 waived months in any 12. A refusal is a 409 naming the rule; a waiver starting before the member joined is a 409 `CONFIRM_EARLY_WAIVER` unless `confirm: true` is sent.",
        response: DuesStatementSchema,
        responseDescription: "The member's statement after the waiver.",
        errors: [404, 409],
      },
    })
    .input(WaiverInputSchema)
    .mutation(({ ctx, input }) => grantWaiver(ctx, input)),

  void: treasurerProcedure
    .meta({
      rest: { method: "POST", path: "/api/Dues/Entries/:id/Void" },
      doc: {
        summary: "Void a ledger entry",
        description:
          "Corrects a payment, a waiver or a charge: a reversing line that references it, with the reason (1-500 characters). The entry stays on the statement, marked voided. 409 when it is already voided or is itself a void (or is a balance brought forward: change the opening instead).",
        response: DuesStatementSchema,
        responseDescription: "The member's statement after the void.",
        errors: [404, 409],
      },
    })
    .input(VoidInputSchema)
    .mutation(({ ctx, input }) => voidEntry(ctx, input)),

  setOpening: treasurerProcedure
    .meta({
      rest: { method: "PUT", path: "/api/Dues/Members/:memberId/Opening" },
      doc: {
        summary: "Set the opening of a member's ledger",
        description:
          'For a member from before the app: `memberSince` (YYYY-MM-DD, not in the future), `joiningFeePaid`, `firstChargedMonth` (YYYY-MM, from the month of memberSince to this month), `openingBalance` (dollars brought forward: positive owed, negative in credit) and a note. Monthly charges start at firstChargedMonth, no joining fee when it was paid, the waiver rule counts from memberSince. Charges the opening contradicts are voided with the reason "opening". Can be changed later; each change is in the activity log and can be undone.',
        response: DuesStatementSchema,
        responseDescription: "The member's statement after the opening.",
        errors: [404],
      },
    })
    .input(OpeningInputSchema)
    .mutation(({ ctx, input }) => setOpening(ctx, input)),

  /** tRPC only: the REST twin, GET /api/Dues/Report, also answers CSV (routes.ts). */
  report: treasurerProcedure.input(DuesReportQuerySchema).query(({ ctx, input }) => duesReport(ctx, input)),
} satisfies TRPCRouterRecord;
