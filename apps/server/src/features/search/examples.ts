import type { Examples } from "../../../test/fuzz/fixtures";

export const examples: Examples = {
  procedures: {
    "search.bottles": {
      access: "public",
      input: () => ({
        q: "bottle",
        abvMin: 0,
        abvMax: 100,
        sort: "name",
        dir: "asc",
        page: 1,
        pageSize: 10,
      }),
    },
    "search.similar": { access: "member", input: () => ({ name: "Fixture botle" }) },
    "search.everything": { access: "public", input: () => ({ q: "Pictured" }) },
  },
};
