import { newBottleId, type Examples } from "../../../test/fuzz/fixtures";

export const examples: Examples = {
  procedures: {
    "bottles.mergeInto": {
      access: "admin",
      as: "admin",
      input: async (c) => ({ id: await newBottleId(c), keepId: await newBottleId(c) }),
    },
  },
};
