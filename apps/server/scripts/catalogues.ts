/**
 * The catalogues' check and the pseudo-locale (npm run i18n:check, part of npm run lint;
 * npm run i18n:pseudo). Each catalogue folder (apps/web/src/locales, apps/server/src/locales) has
 * one folder per language of @club/shared's LANGUAGES with one JSON file per namespace: English
 * (en/) is the source, and every language must have exactly its files and keys, each message a
 * well-formed ICU message with the source's arguments. en-XA, the pseudo-locale, is made from
 * English by `pseudo` (accented and 40 % longer, in brackets: a text left untranslated or cut off
 * shows at a glance) and checked to be up to date. The server's `server.json` is its tables' English
 * (src/platform/serverMessages.ts), checked word for word against them.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { checkMessage, formatMessage, LANGUAGES, messageArguments, SOURCE_LANGUAGE } from "@club/shared";
import { madeWith, SERVER_MESSAGES, SERVER_TABLES } from "../src/platform/serverMessages";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const FOLDERS = ["apps/web/src/locales", "apps/server/src/locales"];
const PSEUDO = "en-XA";

const ACCENTS: Record<string, string> = Object.fromEntries(
  [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((c, i) => [
    c,
    [..."àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"][i]!,
  ]),
);

/** English made pseudo: the text accented and padded, the ICU syntax (arguments, cases, #) kept. */
export function pseudo(message: string): string {
  const stack: ("arg" | "text")[] = [];
  let out = "";
  let letters = 0;
  for (let i = 0; i < message.length; i++) {
    const c = message[i]!;
    const inText = stack.length === 0 || stack.at(-1) === "text";
    if (c === "{") {
      stack.push(inText ? "arg" : "text");
      out += c;
    } else if (c === "}") {
      stack.pop();
      out += c;
    } else if (inText && c === "'" && /[{}#]/.test(message[i + 1] ?? "")) {
      // A quoted literal stays as it is.
      const close = message.indexOf("'", i + 1);
      out += message.slice(i, close + 1);
      i = close;
    } else if (inText) {
      if (/[A-Za-z]/.test(c)) letters++;
      out += ACCENTS[c] ?? c;
    } else out += c;
  }
  return `[${out}${"·".repeat(Math.max(1, Math.ceil(letters * 0.4)))}]`;
}

const read = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
const json = (value: Record<string, string>) => `${JSON.stringify(value, null, 2)}\n`;

function run(mode: "check" | "pseudo"): string[] {
  const problems: string[] = [];
  for (const folder of FOLDERS) {
    const dir = join(root, folder);
    const sourceDir = join(dir, SOURCE_LANGUAGE);
    const namespaces = readdirSync(sourceDir).filter((f) => f.endsWith(".json"));
    for (const language of LANGUAGES) {
      const files = existsSync(join(dir, language)) ? readdirSync(join(dir, language)) : [];
      for (const extra of files.filter((f) => !namespaces.includes(f)))
        problems.push(`${folder}/${language}/${extra}: no such namespace in English`);
    }
    for (const namespace of namespaces) {
      const source = read(join(sourceDir, namespace));
      if (folder.startsWith("apps/server") && namespace === "server.json")
        problems.push(...serverProblems(`${folder}/en/${namespace}`, source));
      for (const language of LANGUAGES) {
        if (language === SOURCE_LANGUAGE) continue;
        const file = join(dir, language, namespace);
        if (language === PSEUDO) {
          const made = Object.fromEntries(Object.entries(source).map(([k, m]) => [k, pseudo(m)]));
          if (mode === "pseudo") writeFileSync(file, json(made));
          else if (!existsSync(file) || readFileSync(file, "utf8") !== json(made))
            problems.push(`${folder}/${PSEUDO}/${namespace}: out of date (npm run i18n:pseudo)`);
          continue;
        }
        if (!existsSync(file)) {
          problems.push(`${folder}/${language}/${namespace}: missing`);
          continue;
        }
        const catalogue = read(file);
        for (const key of Object.keys(source))
          if (!(key in catalogue)) problems.push(`${folder}/${language}/${namespace}: "${key}" is missing`);
        for (const [key, message] of Object.entries(catalogue)) {
          const where = `${folder}/${language}/${namespace}: "${key}"`;
          if (!(key in source)) {
            problems.push(`${where} is not in English`);
            continue;
          }
          try {
            checkMessage(message);
            const want = messageArguments(source[key]!).join(", ");
            const have = messageArguments(message).join(", ");
            if (want !== have) problems.push(`${where} has the arguments {${have}}, English {${want}}`);
          } catch (error) {
            problems.push(`${where}: ${(error as Error).message}`);
          }
        }
      }
      for (const [key, message] of Object.entries(source)) {
        try {
          checkMessage(message);
        } catch (error) {
          problems.push(`${folder}/en/${namespace}: "${key}": ${(error as Error).message}`);
        }
      }
    }
  }
  return problems;
}

/**
 * The server's English catalogue against its tables (src/platform/serverMessages.ts): every message
 * of every table, each word for word what the table says (a message made from values: what the
 * table makes of them), and nothing else.
 */
function serverProblems(where: string, source: Record<string, string>): string[] {
  const problems: string[] = [];
  const entries = new Map(SERVER_MESSAGES.map((entry) => [entry.key, entry]));
  for (const [key, message] of Object.entries(source)) {
    const entry = entries.get(key);
    if (!entry) problems.push(`${where}: "${key}" is in none of the server's tables`);
    else if (entry.english !== message)
      problems.push(`${where}: "${key}" is not its table's text word for word`);
  }
  for (const entry of SERVER_MESSAGES) {
    if (!(entry.key in source)) problems.push(`${where}: "${entry.key}" is missing`);
    const values = Object.fromEntries((entry.pattern?.names ?? []).map((name) => [name, `<${name}>`]));
    if (formatMessage("en", entry.english, values) !== (madeWith(entry.key, values) ?? textOf(entry.key)))
      problems.push(`${where}: "${entry.key}" does not read as its table's text`);
  }
  return problems;
}

/** A table's text by its catalogue key (ServerMessages' keys bare, another table's `<namespace>.<key>`). */
function textOf(key: string): string | undefined {
  const [namespace, tableKey] = key.includes(".") ? key.split(".") : ["server", key];
  const value = (SERVER_TABLES as Record<string, Record<string, unknown>>)[namespace!]?.[tableKey!];
  return typeof value === "string" ? value : undefined;
}

const mode = process.argv[2] === "pseudo" ? "pseudo" : "check";
const problems = run(mode);
if (problems.length) {
  console.error(`The catalogues have ${problems.length} problem(s):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(mode === "pseudo" ? "en-XA made from English." : "The catalogues are complete.");
