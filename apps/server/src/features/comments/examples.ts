import { newCommentId, type Examples } from "../../../test/fuzz/fixtures";

export const examples: Examples = {
  procedures: {
    "comments.byBottle": (c) => ({ bottleId: c.f.bottleId }),
    "comments.create": (c) => ({ bottleId: c.f.bottleId, comment: `Comment ${c.n()}` }),
    "comments.update": {
      owned: true,
      input: async (c) => ({ id: await newCommentId(c), comment: `Corrected ${c.n()}` }),
    },
    "comments.delete": { owned: true, input: async (c) => ({ id: await newCommentId(c) }) },
  },
};
