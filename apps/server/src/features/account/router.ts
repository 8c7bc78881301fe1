import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  AccountLanguageInputSchema,
  AccountLanguageSchema,
  AccountSchema,
  SessionIdSchema,
  SessionSchema,
  ChangePasswordInputSchema,
  TokenPairSchema,
  UpdateAccountInputSchema,
} from "@club/shared";
import { OkSchema } from "../../kernel/openapiSchemas";
import { loginProcedure, memberProcedure } from "../../kernel/trpc";
import { changePassword, getAccount, logoutEverywhere, updateAccount } from "./service";
import { getAccountLanguage, setAccountLanguage } from "./language";
import { endSession, listSessions } from "./sessions";

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

  language: memberProcedure
    .meta({
      rest: { method: "GET", path: "/api/Account/Language" },
      doc: {
        summary: "Your language",
        description:
          "Your own choice of the app's languages (null: you follow the club's) and the language the app, its emails and its messages are in for you (`effective`).",
        response: AccountLanguageSchema,
        responseDescription: "Your language.",
      },
    })
    .query(({ ctx }) => getAccountLanguage(ctx)),

  setLanguage: memberProcedure
    .meta({
      rest: { method: "PUT", path: "/api/Account/Language" },
      doc: {
        summary: "Choose your language",
        description: "One of the app's languages (en, de, sv, fr, ja, en-XA), or null to follow the club's.",
        response: AccountLanguageSchema,
        responseDescription: "Your language now.",
      },
    })
    .input(AccountLanguageInputSchema)
    .mutation(({ ctx, input }) => setAccountLanguage(ctx, input)),

  changePassword: loginProcedure
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

  logoutEverywhere: loginProcedure
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

  sessions: loginProcedure
    .meta({
      rest: { method: "GET", path: "/api/Account/Sessions" },
      doc: {
        summary: "Your devices",
        description:
          "Each login that is still on, the most recently seen first: the browser and system from its user agent, the address it was last seen from, when it logged in and was last seen (its last refresh), and whether it is this one (`current`). An API token gets 403.",
        response: z.array(SessionSchema),
        responseDescription: "Your sessions.",
        errors: [403],
      },
    })
    .query(({ ctx }) => listSessions(ctx)),

  endSession: loginProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/Account/Sessions/:id", status: 204 },
      doc: {
        summary: "Log out one device",
        description:
          "That session's refresh token and access tokens stop working at once (401); the others stay. Your own sessions; an admin may log out any member's (403 for another member's), 404 for one that has ended. An API token gets 403.",
        errors: [403, 404],
      },
    })
    .input(SessionIdSchema)
    .mutation(({ ctx, input }) => endSession(ctx, input)),
} satisfies TRPCRouterRecord;
