import { describe, expect, it } from "vitest";
import { labelTableMarkup } from "./tableLabelsMarkup";

describe("labelTableMarkup", () => {
  it("labels body cells by their column's header, a cell across columns by none", () => {
    const html =
      '<table><caption>Monthly meetings</caption><thead><tr><th>Date</th><th>Theme</th><th data-label="">Host</th></tr></thead>' +
      '<tbody><tr><td colspan="3" style="font-weight:700">Upcoming meetings</td></tr>' +
      '<tr><td><a href="/m/1"><time>Dec 11</time></a></td><td>Cask</td><td data-label="Old">Linda</td></tr></tbody></table>';
    expect(labelTableMarkup(html)).toBe(
      '<table><caption>Monthly meetings</caption><thead><tr><th>Date</th><th>Theme</th><th data-label="">Host</th></tr></thead>' +
        '<tbody><tr><td colspan="3" style="font-weight:700" data-label="">Upcoming meetings</td></tr>' +
        '<tr><td data-label="Date"><a href="/m/1"><time>Dec 11</time></a></td><td data-label="Theme">Cask</td><td data-label="">Linda</td></tr></tbody></table>',
    );
  });

  it("reads a header's text as textContent does (tags, separators and entities), follows spans, keeps tfoot and other markup as it is", () => {
    const html =
      '<div><table><thead><tr><th>Group</th></tr><tr><th colspan="2">Nose <!-- -->&amp; palate</th><th><button>Price<span> &quot;$&quot;</span></button></th></tr></thead>' +
      "<tbody><tr><th>a</th><td>b</td><td>c</td></tr></tbody><tfoot><tr><td>total</td></tr></tfoot></table><p>after</p></div>";
    expect(labelTableMarkup(html)).toBe(
      '<div><table><thead><tr><th>Group</th></tr><tr><th colspan="2">Nose <!-- -->&amp; palate</th><th><button>Price<span> &quot;$&quot;</span></button></th></tr></thead>' +
        '<tbody><tr><th data-label="Nose &amp; palate">a</th><td data-label="Nose &amp; palate">b</td><td data-label="Price &quot;$&quot;">c</td></tr></tbody><tfoot><tr><td>total</td></tr></tfoot></table><p>after</p></div>',
    );
  });

  it("leaves markup without tables, or a table without a header, as it is", () => {
    for (const html of ["<p>no table</p>", "<table><tbody><tr><td>x</td></tr></tbody></table>"])
      expect(labelTableMarkup(html)).toBe(html);
  });
});
