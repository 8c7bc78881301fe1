import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  DuesMemberIdSchema,
  DuesMemberSchema,
  DuesStatementSchema,
  PaymentInputSchema,
  WaiverInputSchema,
} from "@club/shared";
import { memberProcedure, treasurerProcedure } from "../../api/trpc";
import { allDues, grantWaiver, memberDues, myDues, recordPayment } from "./service";

/** The dues ledger (the export is REST-only: routes.ts). */
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
          "Amount in dollars (cents at most), the date received (not in the future), the method and a note.",
        response: DuesStatementSchema,
        responseDescription: "The member's statement after the payment.",
        errors: [404],
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
          "1 to 6 whole months from fromMonth, only for a member of more than 12 months, at most 6 waived months in any 12. A refusal is a 409 naming the rule.",
        response: DuesStatementSchema,
        responseDescription: "The member's statement after the waiver.",
        errors: [404, 409],
      },
    })
    .input(WaiverInputSchema)
    .mutation(({ ctx, input }) => grantWaiver(ctx, input)),
} satisfies TRPCRouterRecord;
