import type { TRPCRouterRecord } from "@trpc/server";
import {
  AccountSchema,
  ChangePasswordInputSchema,
  TokenPairSchema,
  UpdateAccountInputSchema,
} from "@club/shared";
import { OkSchema } from "../../kernel/openapiSchemas";
import { memberProcedure } from "../../kernel/trpc";
import { changePassword, getAccount, logoutEverywhere, updateAccount } from "./service";

/** The member's own account. */
export const accountRouter = {
  get: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/Account" },
      doc: { summary: "Your account", response: AccountSchema, responseDescription: "Your account." },
    })
    .query(({ ctx }) => getAccount(ctx)),

  update: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/Account" },
      doc: { summary: "Change your name", response: AccountSchema, responseDescription: "Your account." },
    })
    .input(UpdateAccountInputSchema)
    .mutation(({ ctx, input }) => updateAccount(ctx, input)),

  changePassword: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/Account/Password" },
      rateLimit: "login",
      doc: {
        summary: "Change your password",
        description:
          "Needs the current password (403 otherwise). Every session ends; the answer is a new token pair for this device.",
        response: TokenPairSchema,
        responseDescription: "A new token pair.",
        errors: [403],
      },
    })
    .input(ChangePasswordInputSchema)
    .mutation(({ ctx, input }) => changePassword(ctx, input)),

  logoutEverywhere: memberProcedure
    .meta({
      rest: { method: "POST", path: "/api/Account/LogoutEverywhere", from: "none" },
      doc: {
        summary: "Log out everywhere",
        description: "Every access and refresh token of the member stops working at once, this one too.",
        response: OkSchema,
        responseDescription: "Logged out everywhere.",
      },
    })
    .mutation(({ ctx }) => logoutEverywhere(ctx)),
} satisfies TRPCRouterRecord;
