import type { Catalogue } from "@club/shared";

/** The other languages' catalogues, one chunk each, loaded when chosen (lib/i18n.ts, loadLanguage). */
export const catalogueFiles = import.meta.glob<Catalogue>(["../locales/*/*.json", "!../locales/en/*.json"], {
  import: "default",
});
