import type { EndpointCtx, Examples } from "../../../test/fuzz/fixtures";

/** A wish the fixture member added (for the calls about one). */
const newWishId = async (c: EndpointCtx) =>
  (await c.t.caller(c.f.member.user).wishlist.add({ bottleName: `Wished ${c.n()}`, note: "" })).id;

export const examples: Examples = {
  procedures: {
    "wishlist.list": { access: "member", input: () => undefined },
    "wishlist.add": {
      access: "member",
      input: (c) => ({ bottleName: `Wish ${c.n()}`, bottleId: c.f.bottleId, note: "For the spring night" }),
    },
    "wishlist.vote": {
      access: "member",
      input: async (c) => ({ id: await newWishId(c), vote: c.n() % 2 === 0 }),
    },
    "wishlist.remove": { access: "author", input: async (c) => ({ id: await newWishId(c) }) },
    "wishlist.bought": {
      access: "member",
      input: async (c) => ({
        id: await newWishId(c),
        datePurchased: "2024-03-01",
        purchasePrice: 54.5,
        abv: 46,
      }),
    },
  },
};
