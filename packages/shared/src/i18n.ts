/**
 * The languages of the app and the one formatter of their messages, for the web app and the server
 * alike. A message is an ICU MessageFormat string ("{count, plural, one {# bottle} other {# bottles}}"),
 * the format the catalogues (apps/web/src/locales/*.json, ICU JSON) are written in and translation
 * platforms read. English is the source: its messages are the texts the app has always shown.
 */

/** The languages the app has, English (the source) first; `en-XA` is the pseudo-locale (accented, longer). */
export const LANGUAGES = ["en", "de", "sv", "fr", "ja", "en-XA"] as const;
export type Language = (typeof LANGUAGES)[number];
export const SOURCE_LANGUAGE: Language = "en";

/** Each language's name in itself, for the language switchers. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  de: "Deutsch",
  sv: "Svenska",
  fr: "Français",
  ja: "日本語",
  "en-XA": "Ƥšéûđö",
};

/**
 * The locale dates, times, numbers and money are written in for a language: English stays en-US
 * (as the app always wrote them); the pseudo-locale writes them as English does.
 */
export const FORMAT_LOCALES: Record<Language, string> = {
  en: "en-US",
  de: "de-DE",
  sv: "sv-SE",
  fr: "fr-FR",
  ja: "ja-JP",
  "en-XA": "en-US",
};

/**
 * The browser's language choice on this device (a member's, kept from their account, or a
 * visitor's from the footer's switcher), which the server's first pages are rendered in. "club":
 * the member follows the club's language.
 */
export const LANGUAGE_COOKIE = "club_lang";

export const isLanguage = (tag: unknown): tag is Language =>
  typeof tag === "string" && (LANGUAGES as readonly string[]).includes(tag);

/**
 * The app's language for a BCP 47 tag: the same tag, else the same language ("de-AT" is German,
 * "sv-FI" Swedish), else null. Case does not matter.
 */
export function matchLanguage(tag: string): Language | null {
  const wanted = tag.trim().toLowerCase();
  if (!wanted) return null;
  const exact = LANGUAGES.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  const base = wanted.split("-")[0];
  return LANGUAGES.find((l) => l !== "en-XA" && l === base) ?? null;
}

/** The first of an Accept-Language header's languages (by quality, then order) the app has, or null. */
export function languageFromAcceptLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, order) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, order };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  for (const { tag } of ranked) {
    const language = matchLanguage(tag);
    if (language) return language;
  }
  return null;
}

/**
 * Whose language a page or a message is in: a member's choice, else the club's; for a visitor,
 * their choice on this device, else the first language of their browser's the app has, else the club's.
 */
export function resolveLanguage(options: {
  member?: Language | null;
  isMember?: boolean;
  device?: Language | null;
  acceptLanguage?: string;
  club: Language;
}): Language {
  if (options.member) return options.member;
  if (options.isMember) return options.club;
  return options.device ?? languageFromAcceptLanguage(options.acceptLanguage) ?? options.club;
}

export type MessageValues = Record<string, string | number | Date | null | undefined>;
export type Catalogue = Record<string, string>;

/* ICU MessageFormat, the part the catalogues use: {name}, {n, plural, ...} (=N, zero, one, two,
 * few, many, other; # for the number in the language's digits; neither offset:N nor {n, number},
 * which no catalogue needs), {n, selectordinal, ...}, {x, select, ...},
 * '' for a quote and '{...}' for literal braces. Parsed once per message and kept. */
type Part =
  | string
  | { arg: string }
  | { arg: string; plural: "cardinal" | "ordinal"; cases: Record<string, Part[]> }
  | { arg: string; select: Record<string, Part[]> }
  | { hash: true };

/** What a malformed message's fault means (the catalogue check's words; the app needs none of them). */
const FAULTS = {
  unmatched: "an unmatched }",
  unnamedCase: "a case without a name",
  caseBody: "no {…} after",
  unclosedCase: "an unclosed case",
  noOther: "no other case",
  unnamedArgument: "an argument without a name",
  noCases: "no cases",
  unknownType: "an unknown type",
  unclosedArgument: "an unclosed argument",
  trailingText: "text after the end",
};
type Fault = keyof typeof FAULTS;

function parse(message: string, faults?: typeof FAULTS): Part[] {
  let at = 0;
  const fail = (fault: Fault, what = ""): never => {
    const why = `${faults?.[fault] ?? fault}${what && ` ${what}`}`;
    throw new Error(`ICU message ${JSON.stringify(message)}: ${why} at ${at}`);
  };
  const skipSpace = () => {
    while (/\s/.test(message[at] ?? "")) at++;
  };
  const word = () => {
    skipSpace();
    const start = at;
    while (at < message.length && !/[\s,{}]/.test(message[at]!)) at++;
    return message.slice(start, at);
  };
  const parts = (inPlural: boolean, nested: boolean): Part[] => {
    const out: Part[] = [];
    let text = "";
    const flush = () => {
      if (text) out.push(text);
      text = "";
    };
    while (at < message.length) {
      const c = message[at]!;
      if (c === "}") {
        if (!nested) fail("unmatched");
        break;
      }
      if (c === "'") {
        if (message[at + 1] === "'") {
          text += "'";
          at += 2;
          continue;
        }
        const close = message.indexOf("'", at + 1);
        if (/[{}#]/.test(message[at + 1] ?? "") && close > 0) {
          text += message.slice(at + 1, close);
          at = close + 1;
          continue;
        }
        text += c;
        at++;
        continue;
      }
      if (c === "#" && inPlural) {
        flush();
        out.push({ hash: true });
        at++;
        continue;
      }
      if (c === "{") {
        flush();
        at++;
        out.push(argument());
        continue;
      }
      text += c;
      at++;
    }
    flush();
    return out;
  };
  const cases = (plural: boolean) => {
    const found: Record<string, Part[]> = {};
    for (;;) {
      skipSpace();
      if (message[at] === "}") break;
      const key = word();
      if (!key) fail("unnamedCase");
      skipSpace();
      if (message[at] !== "{") fail("caseBody", key);
      at++;
      found[key] = parts(plural, true);
      if (message[at] !== "}") fail("unclosedCase");
      at++;
    }
    if (!found.other) fail("noOther");
    return found;
  };
  const argument = (): Part => {
    const arg = word();
    if (!arg) fail("unnamedArgument");
    skipSpace();
    let part: Part = { arg };
    if (message[at] === ",") {
      at++;
      const type = word();
      skipSpace();
      if (type === "plural" || type === "selectordinal") {
        if (message[at] !== ",") fail("noCases");
        at++;
        part = { arg, plural: type === "plural" ? "cardinal" : "ordinal", cases: cases(true) };
      } else if (type === "select") {
        if (message[at] !== ",") fail("noCases");
        at++;
        part = { arg, select: cases(false) };
      } else fail("unknownType", type);
    }
    skipSpace();
    if (message[at] !== "}") fail("unclosedArgument");
    at++;
    return part;
  };
  const result = parts(false, false);
  if (at < message.length) fail("trailingText");
  return result;
}

const parsed = new Map<string, Part[]>();
const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function rules(locale: string, type: "cardinal" | "ordinal") {
  const key = `${locale}/${type}`;
  let found = pluralRules.get(key);
  if (!found) pluralRules.set(key, (found = new Intl.PluralRules(locale, { type })));
  return found;
}

function formatNumberIn(locale: string, n: number) {
  let found = numberFormats.get(locale);
  if (!found) numberFormats.set(locale, (found = new Intl.NumberFormat(locale)));
  return found.format(n);
}

function render(locale: string, parts: Part[], values: MessageValues, hash: number | null): string {
  let out = "";
  for (const part of parts) {
    if (typeof part === "string") out += part;
    else if ("hash" in part) out += hash === null ? "#" : formatNumberIn(locale, hash);
    else {
      const value = values[part.arg];
      if ("plural" in part) {
        const n = Number(value);
        const exact = part.cases[`=${n}`];
        const chosen = exact ?? part.cases[rules(locale, part.plural).select(n)] ?? part.cases.other!;
        out += render(locale, chosen, values, n);
      } else if ("select" in part) {
        out += render(locale, part.select[String(value)] ?? part.select.other!, values, hash);
      } else out += value === null || value === undefined ? "" : String(value);
    }
  }
  return out;
}

/** Checks a message parses (the catalogue check); throws what is wrong with it. */
export function checkMessage(message: string): void {
  parse(message, FAULTS);
}

/** The names of a message's arguments (the catalogue check: a translation uses the source's). */
export function messageArguments(message: string): string[] {
  const names = new Set<string>();
  const walk = (parts: Part[]) => {
    for (const part of parts) {
      if (typeof part === "string" || "hash" in part) continue;
      names.add(part.arg);
      if ("plural" in part) Object.values(part.cases).forEach(walk);
      if ("select" in part) Object.values(part.select).forEach(walk);
    }
  };
  walk(parse(message, FAULTS));
  return [...names].sort();
}

/**
 * A message with its values, by the rules of `locale` (plural and ordinal categories, the number
 * in #). A message with no braces or quotes is returned as it is.
 */
export function formatMessage(locale: string, message: string, values: MessageValues = {}): string {
  if (!/[{}']/.test(message)) return message;
  let parts = parsed.get(message);
  if (!parts) parsed.set(message, (parts = parse(message)));
  return render(locale, parts, values, null);
}
