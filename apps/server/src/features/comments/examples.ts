import type { Examples } from "../../../test/fuzz/fixtures";

export const examples: Examples = {
  procedures: {
    "comments.byBottle": (c) => ({ bottleId: c.f.bottleId }),
    "comments.create": (c) => ({ bottleId: c.f.bottleId, comment: `Comment ${c.n()}` }),
  },
};
