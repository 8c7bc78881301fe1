import { createPasskey, usePasskey } from "@club/testing/passkeys";
import type { EndpointCtx, Examples } from "../../../test/fuzz/fixtures";

/** A passkey added to the fixture member's account through the procedures, with its authenticator. */
export async function addedPasskey(c: EndpointCtx, name = `Phone ${c.n()}`) {
  const caller = c.t.caller(c.f.member.user);
  const made = createPasskey(await caller.passkeys.registrationOptions(), c.t.app.deps.config.appUrl);
  const passkey = await caller.passkeys.register({ name, response: made.response });
  return { id: passkey.id, authenticator: made.passkey };
}

export const examples: Examples = {
  procedures: {
    "passkeys.list": { access: "member", input: () => undefined },
    "passkeys.registrationOptions": { access: "member", input: () => undefined },
    "passkeys.register": {
      access: "member",
      input: async (c) => {
        const options = await c.t.caller(c.f.member.user).passkeys.registrationOptions();
        return {
          name: `Laptop ${c.n()}`,
          response: createPasskey(options, c.t.app.deps.config.appUrl).response,
        };
      },
    },
    "passkeys.rename": {
      access: "author",
      input: async (c) => ({ id: (await addedPasskey(c)).id, name: `Renamed ${c.n()}` }),
    },
    "passkeys.remove": { access: "author", input: async (c) => ({ id: (await addedPasskey(c)).id }) },
    "passkeyLogin.options": { access: "public", input: () => undefined },
    "passkeyLogin.login": {
      access: "public",
      input: async (c) => {
        const { authenticator } = await addedPasskey(c);
        const options = await c.t.caller(null).passkeyLogin.options();
        return { response: usePasskey(authenticator, options, c.t.app.deps.config.appUrl) };
      },
    },
  },
};
