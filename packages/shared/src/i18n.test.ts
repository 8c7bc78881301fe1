import { describe, expect, it } from "vitest";
import {
  checkMessage,
  formatMessage,
  languageFromAcceptLanguage,
  matchLanguage,
  messageArguments,
  resolveLanguage,
} from "./i18n";

describe("formatMessage (ICU)", () => {
  it("leaves a text without arguments as it is, apostrophes and all", () => {
    expect(formatMessage("en", "The club's dues")).toBe("The club's dues");
    expect(formatMessage("en", "It''s {name}'s", { name: "Ann" })).toBe("It's Ann's");
    expect(formatMessage("en", "'{literal}' {x}", { x: 1 })).toBe("{literal} 1");
  });

  it("plurals by the language's rules, # as the number in its locale", () => {
    const bottles = "{count, plural, =0 {No bottles} one {# bottle} other {# bottles}}";
    expect(formatMessage("en", bottles, { count: 0 })).toBe("No bottles");
    expect(formatMessage("en", bottles, { count: 1 })).toBe("1 bottle");
    expect(formatMessage("en", bottles, { count: 1234 })).toBe("1,234 bottles");
    expect(formatMessage("de", "{n, plural, one {# Flasche} other {# Flaschen}}", { n: 1234 })).toBe(
      "1.234 Flaschen",
    );
    // French: 0 and 1 are "one"; Japanese has only "other".
    expect(formatMessage("fr", "{n, plural, one {# bouteille} other {# bouteilles}}", { n: 0 })).toBe(
      "0 bouteille",
    );
    expect(formatMessage("ja", "{n, plural, other {# 本}}", { n: 1 })).toBe("1 本");
  });

  it("ordinals, select and nesting", () => {
    const place = "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}";
    expect([1, 2, 3, 4, 11, 22].map((n) => formatMessage("en", place, { n }))).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "22nd",
    ]);
    expect(formatMessage("en", "{role, select, admin {Admin} other {Member}}", { role: "admin" })).toBe(
      "Admin",
    );
    const others =
      "{n, plural, =0 {nobody} =1 {{name}} other {{name} and {rest, plural, one {# other} other {# others}}}}";
    expect(formatMessage("en", others, { n: 3, rest: 2, name: "Ann" })).toBe("Ann and 2 others");
    expect(formatMessage("en", others, { n: 1, name: "Ann" })).toBe("Ann");
    // offset:N is not supported (no catalogue needs it): the check refuses it.
    expect(() => checkMessage("{n, plural, offset:1 other {#}}")).toThrow(/offset:1/);
  });

  it("says what is wrong with a malformed message; lists a message's arguments", () => {
    expect(() => checkMessage("{n, plural, one {#}}")).toThrow(/no other case/);
    expect(() => checkMessage("{name")).toThrow(/unclosed/);
    expect(() => checkMessage("a } b")).toThrow(/unmatched/);
    expect(messageArguments("{b} {a, plural, other {{c}}}")).toEqual(["a", "b", "c"]);
  });
});

describe("which language", () => {
  it("matches a BCP 47 tag to the app's languages", () => {
    expect(matchLanguage("de-AT")).toBe("de");
    expect(matchLanguage("SV")).toBe("sv");
    expect(matchLanguage("en-xa")).toBe("en-XA");
    expect(matchLanguage("pt-BR")).toBeNull();
    expect(languageFromAcceptLanguage("pt-BR,fr;q=0.4,ja;q=0.8")).toBe("ja");
    expect(languageFromAcceptLanguage("*")).toBeNull();
  });

  it("a member's choice, else the club's; a visitor's device, browser, then the club's", () => {
    expect(resolveLanguage({ member: "ja", isMember: true, club: "de" })).toBe("ja");
    expect(resolveLanguage({ member: null, isMember: true, acceptLanguage: "fr", club: "de" })).toBe("de");
    expect(resolveLanguage({ device: "sv", acceptLanguage: "fr", club: "de" })).toBe("sv");
    expect(resolveLanguage({ acceptLanguage: "fr-CA", club: "de" })).toBe("fr");
    expect(resolveLanguage({ club: "de" })).toBe("de");
  });
});
