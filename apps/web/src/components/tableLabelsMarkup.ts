import { cellLabel } from "./tableLabels";

/**
 * labelCells for markup: the server's first screens (ssr/prerender.tsx) are React's static markup,
 * shown before the app runs, and the app's labelCells only labels a table once it renders. Without
 * this a phone showed a first screen's cards unlabelled, and every value moved 8rem to the right
 * when the app took over (a visitor's first tap). The same rule (cellLabel), so the app's first
 * commit writes nothing new: the labels here are the ones it would write.
 *
 * Reads only what React writes: table, thead, tbody, tfoot, tr, th and td tags, `colspan="n"`,
 * `data-label="..."`, escaped text and `<!-- -->` separators.
 */
const TAG = /<(\/?)(table|thead|tbody|tfoot|tr|th|td)\b([^>]*)>/gi;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) =>
    name[0] === "#"
      ? String.fromCodePoint(
          name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
        )
      : (ENTITIES[name.toLowerCase()] ?? whole),
  );
const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const attribute = (attrs: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(attrs)?.[1];
const spanOf = (attrs: string) => Math.max(1, Number(attribute(attrs, "colspan") ?? 1) || 1);

interface TableState {
  section: "thead" | "tbody" | "tfoot" | null;
  /** The labels of the header's last row so far (labelCells reads the last row of <thead>). */
  labels: string[];
  /** The header row being read, and the <th> open in it (its attributes, where its text starts). */
  headerRow: string[] | null;
  th: { attrs: string; textFrom: number } | null;
  column: number;
}

/** The markup with every body cell of its tables labelled (data-label) by its column's header. */
export function labelTableMarkup(html: string): string {
  const tables: TableState[] = [];
  let out = "";
  let copied = 0;
  for (const match of html.matchAll(TAG)) {
    const [tag, closing, rawName, attrs = ""] = match;
    const name = rawName!.toLowerCase();
    const at = match.index;
    const table = tables[tables.length - 1];
    if (name === "table") {
      if (closing) tables.pop();
      else tables.push({ section: null, labels: [], headerRow: null, th: null, column: 0 });
      continue;
    }
    if (!table) continue;
    if (name === "thead" || name === "tbody" || name === "tfoot") {
      table.section = closing ? null : name;
      continue;
    }
    if (name === "tr") {
      if (table.section === "thead") {
        if (closing && table.headerRow) table.labels = table.headerRow;
        table.headerRow = closing ? null : [];
      }
      table.column = 0;
      continue;
    }
    if (name === "th" && table.section === "thead" && table.headerRow) {
      if (!closing) table.th = { attrs, textFrom: at + tag.length };
      else if (table.th) {
        const own = attribute(table.th.attrs, "data-label");
        const text = decode(
          html
            .slice(table.th.textFrom, at)
            .replace(/<!--[\s\S]*?-->/g, "")
            .replace(/<[^>]*>/g, ""),
        ).trim();
        const label = own === undefined ? text : decode(own);
        for (let i = 0; i < spanOf(table.th.attrs); i++) table.headerRow.push(label);
        table.th = null;
      }
      continue;
    }
    // A body row's cells, <th> ones too (a row's header), as labelCells reads row.cells.
    if (
      (name === "td" || name === "th") &&
      !closing &&
      table.section === "tbody" &&
      table.labels.length > 0
    ) {
      const span = spanOf(attrs);
      const label = escapeAttribute(cellLabel(table.labels, table.column, span));
      table.column += span;
      const bare = attrs.replace(/\sdata-label="[^"]*"/i, "");
      out += html.slice(copied, at) + `<${rawName}${bare} data-label="${label}">`;
      copied = at + tag.length;
    }
  }
  return out + html.slice(copied);
}
