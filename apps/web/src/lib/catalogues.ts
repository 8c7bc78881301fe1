import type { Catalogue } from "@club/shared";
// With another language come the schemas' refusals in it, for the server's too (lib/errors.ts).
import "./validation";

/** The other languages' catalogues, one chunk each, loaded when chosen (lib/i18n.ts, loadLanguage). */
export const catalogueFiles = import.meta.glob<Catalogue>(["../locales/*/*.json", "!../locales/en/*.json"], {
  import: "default",
});
