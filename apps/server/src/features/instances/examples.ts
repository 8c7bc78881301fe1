import { newInstanceId, type Examples } from "../../../test/fuzz/fixtures";

export const examples: Examples = {
  procedures: {
    "instances.create": (c) => ({
      datePurchased: "2024-06-02",
      purchasePrice: 42.5,
      bottleId: c.f.bottleId,
      dateFinished: null,
    }),
    "instances.finish": async (c) => ({ id: await newInstanceId(c) }),
  },
};
