import type { AtRule, ChildNode, Container, Root, Rule } from "postcss";

/** Distinct markups' rule sets kept (a page's markup mostly repeats its screen's shape). */
const KEPT = 64;

const TAG = /<([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTRIBUTE = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;
const VARIABLE_USE = /var\(\s*(--[\w-]+)/g;
/** At-rules whose rules apply as the rules outside them do: their contents are chosen rule by rule. */
const GROUPING = new Set(["media", "supports", "layer", "container"]);

/**
 * What a selector requires of an element, as a markup offers it: a class (".x"), an id ("#x"), an
 * attribute's name ("[x]") or a tag ("p", lower case).
 */
const REQUIRED = /[.#][\w-]+|\[[\w-]+\]|(?<=^|[\s>+~])[a-zA-Z][\w-]*/g;

/** A markup's classes, ids, attribute names and tags, written as REQUIRED finds them in a selector. */
function offeredBy(html: string): Set<string> {
  // <html>'s colour scheme: the boot script sets the stored one before the first paint.
  const offered = new Set(["[data-mantine-color-scheme]"]);
  for (const [, tag, attributes] of html.matchAll(TAG)) {
    offered.add((tag as string).toLowerCase());
    for (const [, name, ...quoted] of (attributes ?? "").matchAll(ATTRIBUTE)) {
      const value = quoted.find((v) => v !== undefined) ?? "";
      offered.add(`[${(name as string).toLowerCase()}]`);
      if (name === "class") value.split(/\s+/).forEach((c) => c && offered.add(`.${c}`));
      if (name === "id") offered.add(`#${value}`);
    }
  }
  return offered;
}

/**
 * Whether an element of the markup may match the selector alternative. Only what it requires outside
 * functional pseudo-classes counts (`:not(.x)`, `:is(.a, b)`, `:has(...)` are taken as matching),
 * and attributes by name: a rule is dropped only when the markup surely has no element it styles.
 */
function mayMatch(selector: string, offered: Set<string>): boolean {
  let outer = selector;
  for (let before = ""; before !== outer;) {
    before = outer;
    outer = outer.replace(/\([^()]*\)/g, "");
  }
  outer = outer.replace(/\[\s*([\w-]+)[^\]]*\]/g, (_, name: string) => ` [${name.toLowerCase()}]`);
  if (outer.includes("\\")) return true;
  return [...outer.matchAll(REQUIRED)].every(([token]) =>
    offered.has(/^[a-z]/i.test(token) ? token.toLowerCase() : token),
  );
}

/**
 * The rules of a stylesheet that a server-rendered page's markup can use, with the custom properties
 * they and the markup use (transitively): a first page inlines these instead of the app's whole
 * stylesheets (~100 KB, most of them Mantine's variables and the rules of what the page does not
 * show), which the app loads before it renders (apps/web/src/main.tsx). Rules are kept or dropped
 * whole, never rewritten. The answer is kept per set of selectors and variables, so the pages of a
 * screen's shape cost one pass.
 */
export function createUsedCss(css: string): (html: string) => Promise<string> {
  let parsed: Promise<Root> | null = null;
  const kept = new Map<string, Promise<string>>();
  return (html) => {
    const offered = offeredBy(html);
    const inMarkup = new Set([...html.matchAll(VARIABLE_USE)].map((m) => m[1] as string));
    const key = [...offered, ...inMarkup].sort().join(" "); // "--x" is no class, id, attribute or tag
    const hit = kept.get(key);
    if (hit) return hit;
    // Any failure inlines the whole stylesheet, as before: the page never loses a style.
    const used = (parsed ??= import("postcss").then(({ default: postcss }) => postcss.parse(css)))
      .then((root) => usedRules(root, offered, inMarkup))
      .catch(() => css);
    kept.set(key, used);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
    return used;
  };
}

function usedRules(root: Root, offered: Set<string>, inMarkup: Set<string>): string {
  // The rules the markup may use, then the custom properties reachable from them and the markup.
  const rules: Rule[] = [];
  const chosen = new Set<ChildNode>();
  const choose = (container: Container) => {
    let any = false;
    container.each((node) => {
      let take = node.type === "atrule"; // @keyframes, @font-face, @property: kept as they are
      if (node.type === "rule") {
        take = node.selectors.some((s) => mayMatch(s, offered)); // postcss splits the list
        if (take) rules.push(node);
      } else if (node.type === "atrule" && GROUPING.has(node.name.toLowerCase())) take = choose(node);
      if (take) chosen.add(node);
      any ||= take;
    });
    return any;
  };
  choose(root);
  const definitions = new Map<string, string[]>();
  const used = new Set(inMarkup);
  const pending = [...inMarkup];
  const uses = (value: string) => {
    for (const [, name] of value.matchAll(VARIABLE_USE)) {
      if (!used.has(name as string)) {
        used.add(name as string);
        pending.push(name as string);
      }
    }
  };
  for (const rule of rules) {
    rule.each((decl) => {
      if (decl.type !== "decl") return;
      if (decl.prop.startsWith("--"))
        definitions.set(decl.prop, [...(definitions.get(decl.prop) ?? []), decl.value]);
      else uses(decl.value);
    });
  }
  for (let name = pending.pop(); name !== undefined; name = pending.pop())
    definitions.get(name)?.forEach(uses);
  const keepDecl = (node: ChildNode) =>
    node.type !== "decl" || !node.prop.startsWith("--") || used.has(node.prop);
  const print = (container: Container): string =>
    (container.nodes ?? [])
      .filter((node) => chosen.has(node))
      .map((node) => {
        if (node.type === "rule") {
          const body = (node.nodes ?? []).filter(keepDecl).map(String).join(";");
          return body ? `${node.selector}{${body}}` : "";
        }
        const at = node as AtRule;
        if (!GROUPING.has(at.name.toLowerCase())) return String(at);
        const inner = print(at);
        return inner ? `@${at.name} ${at.params}{${inner}}` : "";
      })
      .join("");
  return print(root);
}
