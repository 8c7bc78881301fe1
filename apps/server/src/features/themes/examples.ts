import type { Examples } from "../../../test/fuzz/fixtures";

export const examples: Examples = {
  procedures: {
    "themes.list": () => undefined,
    "themes.create": (c) => ({ id: 0, description: `Theme ${c.n()}` }),
  },
};
