import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  PasskeyIdSchema,
  PasskeyLoginInputSchema,
  PasskeyOptionsSchema,
  PasskeySchema,
  RegisterPasskeyInputSchema,
  RenamePasskeyInputSchema,
} from "@club/shared";
import { LoginResultSchema } from "../../kernel/openapiSchemas";
import { loginProcedure, publicProcedure } from "../../kernel/trpc";
import {
  listOwnPasskeys,
  loginOptions,
  passkeyLogin,
  registerPasskey,
  registrationOptions,
  removePasskey,
  renameOwnPasskey,
} from "./service";

const LOGIN_ONLY = "Made with a login: an API token gets 403 here.";
const RELYING_PARTY =
  "The relying party is APP_URL: its host is the relying party id, its origin the only one accepted.";

/**
 * A member's passkeys (WebAuthn): added on the Account page, each with a name, and used on the
 * login screen instead of a password.
 */
export const passkeysRouter = {
  list: loginProcedure
    .meta({
      rest: { method: "GET", path: "/api/Account/Passkeys" },
      doc: {
        summary: "Your passkeys",
        description: `Oldest first: name, when added and when last used to sign in (null: never). The keys themselves stay on the devices. ${LOGIN_ONLY}`,
        response: z.array(PasskeySchema),
        responseDescription: "Your passkeys.",
        errors: [403],
      },
    })
    .query(({ ctx }) => listOwnPasskeys(ctx)),

  registrationOptions: loginProcedure
    .meta({
      rest: { method: "GET", path: "/api/Account/Passkeys/Options" },
      doc: {
        summary: "Start adding a passkey",
        description: `The options for navigator.credentials.create() (PublicKeyCredentialCreationOptionsJSON): a new challenge, good once for five minutes; your passkeys already added are excluded. ${RELYING_PARTY} ${LOGIN_ONLY}`,
        response: PasskeyOptionsSchema,
        responseDescription: "The options of a new passkey.",
        errors: [403],
      },
    })
    .query(({ ctx }) => registrationOptions(ctx)),

  register: loginProcedure
    .meta({
      rest: { method: "POST", path: "/api/Account/Passkeys", status: 201 },
      doc: {
        summary: "Add a passkey",
        description: `\`{name, response}\`: the passkey's name and the browser's answer (RegistrationResponseJSON) to GET /api/Account/Passkeys/Options. 400 when its challenge is unknown, used or expired, or the answer does not verify; 409 for a passkey already added. ${LOGIN_ONLY}`,
        response: PasskeySchema,
        errors: [400, 403, 409],
      },
    })
    .input(RegisterPasskeyInputSchema)
    .mutation(({ ctx, input }) => registerPasskey(ctx, input)),

  rename: loginProcedure
    .meta({
      rest: { method: "PUT", path: "/api/Account/Passkeys/:id" },
      doc: {
        summary: "Rename a passkey",
        description: `\`{name}\`. Your own; an admin may rename any member's, another member gets 403. ${LOGIN_ONLY}`,
        response: PasskeySchema,
        responseDescription: "The passkey.",
        errors: [403, 404],
      },
    })
    .input(RenamePasskeyInputSchema)
    .mutation(({ ctx, input }) => renameOwnPasskey(ctx, input)),

  remove: loginProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/Account/Passkeys/:id", status: 204 },
      doc: {
        summary: "Remove a passkey",
        description: `It signs no one in from now on (the device may still list it: remove it there too). Your own; an admin may remove any member's (a lost phone), another member gets 403. ${LOGIN_ONLY}`,
        errors: [403, 404],
      },
    })
    .input(PasskeyIdSchema)
    .mutation(({ ctx, input }) => removePasskey(ctx, input)),
} satisfies TRPCRouterRecord;

/** Signing in with a passkey: session calls, REST-only like the password login (app/router.ts). */
export const passkeyLoginRouter = {
  options: publicProcedure
    .meta({
      rest: { method: "POST", path: "/login/passkey/options", from: "none" },
      rateLimit: "login",
      doc: {
        summary: "Start signing in with a passkey",
        description: `The options for navigator.credentials.get() (PublicKeyCredentialRequestOptionsJSON): a new challenge, good once for five minutes, naming no account (the browser offers the passkeys it holds for the club). ${RELYING_PARTY}`,
        response: PasskeyOptionsSchema,
        responseDescription: "The options of a sign-in.",
      },
    })
    .mutation(({ ctx }) => loginOptions(ctx)),

  login: publicProcedure
    .meta({
      rest: { method: "POST", path: "/login/passkey" },
      rateLimit: "login",
      doc: {
        summary: "Sign in with a passkey",
        description:
          "`{response}`: the browser's answer (AuthenticationResponseJSON) to POST /login/passkey/options. The same answer as POST /login: an access token and a refresh token for this device. 400 when its challenge is unknown, used or expired; 401 for a passkey not registered here or an answer that does not verify; 403 as POST /login for a membership that waits for approval or was deactivated. A passkey verifies its user (fingerprint, face or PIN), so it needs no second factor. With `mfaToken` (the answer of POST /login for a member with two-factor sign-in) the passkey is instead the second step of that login, in place of a code: it must be that member's (401 for another member's, which counts against the account's login budget and leaves the mfaToken good), and the mfaToken signs in once (401 when expired or used).",
        response: LoginResultSchema,
        responseDescription: "The token pair and the member's email.",
        errors: [400, 401, 403],
      },
    })
    .input(PasskeyLoginInputSchema)
    .mutation(({ ctx, input }) => passkeyLogin(ctx, input)),
} satisfies TRPCRouterRecord;
