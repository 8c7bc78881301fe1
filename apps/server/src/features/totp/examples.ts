import { Secret, TOTP } from "otpauth";
import { enableTotp, findMemberById, removeTotp } from "@club/db";
import type { EndpointCtx, Examples } from "../../../test/fuzz/fixtures";
import { storeTotpSetup } from "./service";

/** One secret for the fixture's members, so one code is a well-formed call of each of them. */
const SECRET = new Secret({ size: 20 }).base32;

const codeNow = (c: EndpointCtx) =>
  new TOTP({ secret: Secret.fromBase32(SECRET) }).generate({ timestamp: c.t.app.deps.now().getTime() });

const fixtureMembers = (c: EndpointCtx) => [c.f.member, c.f.other, c.f.treasurer, c.f.admin];

/**
 * Every fixture member with the shared secret: waiting for its first code, or on (its last
 * accepted step well before now, so the current code has not been used); or with none at all.
 */
function fixtureTwoFactors(c: EndpointCtx, state: "none" | "setup" | "on") {
  const { db } = c.t.app.deps;
  for (const m of fixtureMembers(c)) {
    removeTotp(db, m.user.id);
    if (state === "none") continue;
    storeTotpSetup(c.t.app.deps, m.user.id, SECRET);
    const step = Math.floor(c.t.app.deps.now().getTime() / 30_000) - 5;
    if (state === "on") enableTotp(db, m.user.id, step, [], new Date().toISOString());
  }
}

export const examples: Examples = {
  procedures: {
    "totp.status": { access: "member", input: () => undefined },
    "totp.setup": {
      access: "member",
      input: (c) => {
        fixtureTwoFactors(c, "none");
        return undefined;
      },
    },
    "totp.enable": {
      access: "member",
      input: (c) => {
        fixtureTwoFactors(c, "setup");
        return { code: codeNow(c) };
      },
    },
    "totp.disable": {
      access: "member",
      input: (c) => {
        fixtureTwoFactors(c, "on");
        return { code: codeNow(c) };
      },
    },
    "auth.loginTotp": {
      access: "public",
      input: async (c) => {
        fixtureTwoFactors(c, "on");
        const member = findMemberById(c.t.app.deps.db, c.f.member.user.id);
        if (!member) throw new Error("The fixture member is gone.");
        return { mfaToken: await c.t.app.deps.tokens.signMfaToken(member), code: codeNow(c) };
      },
    },
  },
};
