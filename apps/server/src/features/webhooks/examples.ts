import type { EndpointCtx, Examples } from "../../../test/fuzz/fixtures";

/**
 * A hook at a public address nobody listens at, taking an event no other example causes (the
 * tests' clubs register openly): its log changes only by its own Test, not by the worker retrying
 * some other write's event while a test compares answers.
 */
const hook = (c: EndpointCtx) => ({
  url: `https://hooks.invalid/club/${c.n()}`,
  events: ["approvalWaiting" as const],
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
