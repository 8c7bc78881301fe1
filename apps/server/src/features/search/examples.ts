import type { Examples } from "../../../test/fuzz/fixtures";

export const examples: Examples = {
  procedures: {
    "search.bottles": () => ({
      q: "bottle",
      abvMin: 0,
      abvMax: 100,
      sort: "name",
      dir: "asc",
      page: 1,
      pageSize: 10,
    }),
    "search.similar": () => ({ name: "Fixture botle" }),
    "search.everything": () => ({ q: "Pictured" }),
  },
};
