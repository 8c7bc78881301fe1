import { describe, expect, it } from "vitest";
import { createUsedCss } from "./usedCss";

const used = (css: string, html: string) => createUsedCss(css)(html);
const squeeze = (css: string) => css.replace(/\s+/g, "");

describe("the rules a server-rendered page's markup uses", () => {
  it("keeps a rule when any alternative may match, whole and in order; drops what nothing matches", async () => {
    const css =
      ".a{color:red}.gone,.b span{color:blue}.gone{color:green}td:is([data-x=''],:not([data-x])){padding:0}";
    expect(squeeze(await used(css, '<p class="a"></p><table><td></td></table>'))).toBe(
      ".a{color:red}td:is([data-x=''],:not([data-x])){padding:0}",
    );
    expect(squeeze(await used(css, '<div class="b"><span></span></div>'))).toBe(".gone,.bspan{color:blue}");
  });

  it("requires ids, attribute names and tags outside functional pseudo-classes; both colour schemes stay", async () => {
    const css =
      "#root[data-prerendered] tr{x:1}#other{x:2}[data-mantine-color-scheme=light] p{x:3}:where(.none) p{x:4}p:not(.none)::before{x:5}section p{x:6}";
    expect(
      squeeze(await used(css, '<div id="root" data-prerendered=""><table><tr></tr></table><p></p></div>')),
    ).toBe(
      "#root[data-prerendered]tr{x:1}[data-mantine-color-scheme=light]p{x:3}:where(.none)p{x:4}p:not(.none)::before{x:5}",
    );
  });

  it("keeps the custom properties that kept rules and the markup use, through their definitions", async () => {
    const css =
      ":root{--a:var(--b);--b:1px;--c:2px;--d:3px;--e:var(--f);--f:4px}.x{margin:var(--a)}.unused{margin:var(--c)}";
    expect(squeeze(await used(css, '<p class="x" style="padding:var(--e)"></p>'))).toBe(
      ":root{--a:var(--b);--b:1px;--e:var(--f);--f:4px}.x{margin:var(--a)}",
    );
  });

  it("chooses inside @media and keeps @keyframes and @font-face as they are", async () => {
    const css =
      "@media (width<40em){.x{a:1}.y{a:2}}@media print{.y{a:3}}@keyframes spin{to{rotate:1turn}}@font-face{font-family:F;src:url(f.woff2)}";
    expect(squeeze(await used(css, '<i class="x"></i>'))).toBe(
      "@media(width<40em){.x{a:1}}@keyframesspin{to{rotate:1turn}}@font-face{font-family:F;src:url(f.woff2)}",
    );
  });
});
