import { newThemeId, type Examples } from "../../../test/fuzz/fixtures";

export const examples: Examples = {
  procedures: {
    "themes.list": { access: "public", input: () => undefined },
    "themes.create": { access: "member", input: (c) => ({ id: 0, description: `Theme ${c.n()}` }) },
    "themes.update": {
      access: "author",
      input: (c) => ({ id: c.f.themeId, description: `Renamed theme ${c.n()}` }),
    },
    "themes.delete": { access: "author", input: async (c) => ({ id: await newThemeId(c) }) },
  },
};
