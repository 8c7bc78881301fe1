import flavours from "../locales/en/flavours.json";
import { currentLanguage, defineMessages, translate } from "./i18n";

/** The flavour tags' names: src/locales/<language>/flavours.json (keyed by the stored English tag). */
const flavourMessages = defineMessages("flavours", flavours);

/** A flavour tag as the reader says it; the API and the stored tag keep the English word. */
export const flavourLabel = (tag: string): string =>
  Object.hasOwn(flavours, tag)
    ? translate(currentLanguage(), flavourMessages, tag as keyof typeof flavours)
    : tag;
