import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  InviteIdSchema,
  InviteSchema,
  OpenInviteSchema,
  MemberIdSchema,
  MemberSchema,
  NewInviteInputSchema,
  SetRoleInputSchema,
} from "@club/shared";
import { OkSchema } from "../../kernel/openapiSchemas";
import { adminProcedure } from "../../kernel/trpc";
import type { AuthedCtx } from "../../kernel/context";
import {
  approveMember,
  createInvite,
  deactivateMember,
  getMembers,
  openInvites,
  reactivateMember,
  rejectMember,
  revokeInvite,
  setRole,
} from "./service";

/** POST /api/Members/{id}/<action>: one membership decision, admins only. */
const decision = (
  action: string,
  summary: string,
  run: (ctx: AuthedCtx, input: { id: number }) => { ok: true },
) =>
  adminProcedure
    .meta({
      rest: { method: "POST", path: `/api/Members/:id/${action}`, from: "none" },
      doc: { summary, response: OkSchema, responseDescription: "Done.", errors: [403, 404, 409] },
    })
    .input(MemberIdSchema)
    .mutation(({ ctx, input }) => run(ctx, input));

/** Managing the club's members: admins only. */
export const membersRouter = {
  list: adminProcedure
    .meta({
      rest: { method: "GET", path: "/api/Members" },
      doc: {
        summary: "List members and registrations",
        description:
          "Those waiting for approval first. `status` is pending, active, deactivated or unconfirmed.",
        response: z.array(MemberSchema),
        responseDescription: "The members.",
        errors: [403],
      },
    })
    .query(({ ctx }) => getMembers(ctx)),

  approve: decision("Approve", "Approve a membership", approveMember),
  reject: decision("Reject", "Turn down a membership request (the registration is deleted)", rejectMember),
  deactivate: decision("Deactivate", "Deactivate a member (their sessions end at once)", deactivateMember),
  reactivate: decision("Reactivate", "Reactivate a member", reactivateMember),

  setRole: adminProcedure
    .meta({
      rest: { method: "PUT", path: "/api/Members/:id/Role" },
      doc: {
        summary: "Change a member's role",
        description: "admin, treasurer or member. The last admin cannot be demoted (409).",
        response: OkSchema,
        responseDescription: "Changed.",
        errors: [403, 404, 409],
      },
    })
    .input(SetRoleInputSchema)
    .mutation(({ ctx, input }) => setRole(ctx, input)),

  invite: adminProcedure
    .meta({
      rest: { method: "POST", path: "/api/Invites", status: 201 },
      doc: {
        summary: "Create an invite link",
        description:
          "Single use, valid 14 days; with `email` only that address can use it (and it is emailed there). Works whatever REGISTRATION says.",
        response: InviteSchema,
        responseDescription: "The link.",
        errors: [403],
      },
    })
    .input(NewInviteInputSchema)
    .mutation(({ ctx, input }) => createInvite(ctx, input)),

  invites: adminProcedure
    .meta({
      rest: { method: "GET", path: "/api/Invites" },
      doc: {
        summary: "List the open invites",
        description:
          "Invites neither used nor expired, newest first: whom each is for (null: anyone with the link), who made it, until when it works. The links themselves are not kept.",
        response: z.array(OpenInviteSchema),
        responseDescription: "The open invites.",
        errors: [403],
      },
    })
    .query(({ ctx }) => openInvites(ctx)),

  revokeInvite: adminProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/Invites/:id", from: "none" },
      doc: {
        summary: "Revoke an invite",
        description: "Its link stops working at once. A used invite cannot be revoked (409).",
        response: OkSchema,
        responseDescription: "Revoked.",
        errors: [403, 404, 409],
      },
    })
    .input(InviteIdSchema)
    .mutation(({ ctx, input }) => revokeInvite(ctx, input)),
} satisfies TRPCRouterRecord;
