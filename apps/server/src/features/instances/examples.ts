import { newInstanceId, type Examples } from "../../../test/fuzz/fixtures";

export const examples: Examples = {
  procedures: {
    "instances.create": {
      access: "member",
      input: (c) => ({
        datePurchased: "2024-06-02",
        purchasePrice: 42.5,
        bottleId: c.f.bottleId,
        dateFinished: null,
      }),
    },
    "instances.finish": { access: "member", input: async (c) => ({ id: await newInstanceId(c) }) },
    "instances.update": {
      access: "author",
      input: (c) => ({
        id: c.f.instanceId,
        datePurchased: "2024-05-01",
        purchasePrice: 30 + (c.n() % 50),
        dateFinished: null,
      }),
    },
    "instances.delete": { access: "author", input: async (c) => ({ id: await newInstanceId(c) }) },
  },
};
