import type { EndpointCtx, Examples } from "../../../test/fuzz/fixtures";

/** A hook at a public address nobody listens at (its deliveries fail and wait). */
const hook = (c: EndpointCtx) => ({
  url: `https://hooks.invalid/club/${c.n()}`,
  events: ["meetingNew" as const],
});

const newHook = async (c: EndpointCtx) => ({
  id: (await c.t.caller(c.f.admin.user).webhooks.create(hook(c))).id,
});

export const examples: Examples = {
  procedures: {
    "webhooks.list": { access: "admin", as: "admin", input: () => undefined },
    "webhooks.create": { access: "admin", as: "admin", input: (c) => hook(c) },
    "webhooks.delete": { access: "admin", as: "admin", input: newHook },
    "webhooks.deliveries": { access: "admin", as: "admin", input: newHook },
    "webhooks.test": { access: "admin", as: "admin", input: newHook },
  },
};
