import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  ApiTokenIdSchema,
  ApiTokenSchema,
  CreateApiTokenInputSchema,
  CreatedApiTokenSchema,
  MemberApiTokenSchema,
} from "@club/shared";
import { adminLoginProcedure, loginProcedure } from "../../kernel/trpc";
import { createToken, listAllTokens, listTokens, revokeToken } from "./service";

const LOGIN_ONLY = "Made with a login: an API token gets 403 here.";

/**
 * API tokens for scripts and home automation: `Authorization: Bearer <token>` acts as the member,
 * with the member's role, budgets and activity log; a `read` token gets 403 on any write.
 */
export const tokensRouter = {
  list: loginProcedure
    .meta({
      rest: { method: "GET", path: "/api/Account/Tokens" },
      doc: {
        summary: "Your API tokens",
        description: `Oldest first: name, scopes, when made, last used (to the minute) and when it expires (null: never). The tokens themselves are not kept. ${LOGIN_ONLY}`,
        response: z.array(ApiTokenSchema),
        responseDescription: "Your API tokens.",
        errors: [403],
      },
    })
    .query(({ ctx }) => listTokens(ctx)),

  create: loginProcedure
    .meta({
      rest: { method: "POST", path: "/api/Account/Tokens", status: 201 },
      doc: {
        summary: "Make an API token",
        description: `\`{name, scopes, expiresInDays?}\` with scopes \`read\` and/or \`write\`; without \`expiresInDays\` (1-3650) it never expires. The answer's \`token\` is shown this once: send it as \`Authorization: Bearer <token>\`. ${LOGIN_ONLY}`,
        response: CreatedApiTokenSchema,
        errors: [403],
      },
    })
    .input(CreateApiTokenInputSchema)
    .mutation(({ ctx, input }) => createToken(ctx, input)),

  revoke: loginProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/Account/Tokens/:id", status: 204 },
      doc: {
        summary: "Revoke an API token",
        description: `It stops working at once (401). Your own; an admin may revoke any member's (GET /api/Members/Tokens lists them), another member gets 403. ${LOGIN_ONLY}`,
        errors: [403, 404],
      },
    })
    .input(ApiTokenIdSchema)
    .mutation(({ ctx, input }) => revokeToken(ctx, input)),

  all: adminLoginProcedure
    .meta({
      rest: { method: "GET", path: "/api/Members/Tokens" },
      doc: {
        summary: "Every member's API tokens",
        description: `Admins: each member's tokens, oldest first, with whose they are. ${LOGIN_ONLY}`,
        response: z.array(MemberApiTokenSchema),
        responseDescription: "The members' API tokens.",
        errors: [403],
      },
    })
    .query(({ ctx }) => listAllTokens(ctx)),
} satisfies TRPCRouterRecord;
