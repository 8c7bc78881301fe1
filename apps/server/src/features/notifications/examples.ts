import type { EndpointCtx, Examples } from "../../../test/fuzz/fixtures";

/** A subscription of the fixture member's browser (a push endpoint nobody listens at). */
const subscription = (c: EndpointCtx) => ({
  endpoint: `https://push.invalid/send/${c.n()}`,
  keys: {
    p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
    auth: "tBHItJI5svbpez7KI4CCXg",
  },
});

export const examples: Examples = {
  procedures: {
    "notifications.list": { access: "member", input: () => ({ unread: true }) },
    "notifications.count": { access: "member", input: () => undefined },
    "notifications.read": { access: "member", input: () => ({ all: true as const }) },
    "notifications.settings": { access: "member", input: () => undefined },
    "notifications.setSettings": {
      access: "member",
      input: (c) => ({ kinds: { commentAnswer: { inApp: true, email: c.n() % 2 === 0, push: false } } }),
    },
    "notifications.pushPublicKey": { access: "public", input: () => undefined },
    "notifications.subscribePush": { access: "member", input: (c) => subscription(c) },
    "notifications.unsubscribePush": {
      access: "author",
      input: async (c) => ({
        id: (await c.t.caller(c.f.member.user).notifications.subscribePush(subscription(c))).id,
      }),
    },
  },
};
