import { newCommentId, type Examples } from "../../../test/fuzz/fixtures";

export const examples: Examples = {
  procedures: {
    "comments.byBottle": { access: "public", input: (c) => ({ bottleId: c.f.bottleId }) },
    "comments.create": {
      access: "member",
      input: (c) => ({ bottleId: c.f.bottleId, comment: `Comment ${c.n()}` }),
    },
    "comments.update": {
      access: "author",
      input: async (c) => ({ id: await newCommentId(c), comment: `Corrected ${c.n()}` }),
    },
    "comments.delete": { access: "author", input: async (c) => ({ id: await newCommentId(c) }) },
  },
};
