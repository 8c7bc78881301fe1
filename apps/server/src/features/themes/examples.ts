import { newThemeId, type Examples } from "../../../test/fuzz/fixtures";

export const examples: Examples = {
  procedures: {
    "themes.list": () => undefined,
    "themes.create": (c) => ({ id: 0, description: `Theme ${c.n()}` }),
    "themes.update": {
      owned: true,
      input: (c) => ({ id: c.f.themeId, description: `Renamed theme ${c.n()}` }),
    },
    "themes.delete": { owned: true, input: async (c) => ({ id: await newThemeId(c) }) },
  },
};
