import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLUB_TABLES, CLUB_TABLES_LEFT_OUT, listTables } from "@club/db";
import { IMPORT_MAX_BYTES, type ImportReport } from "@club/shared";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { multipartBody, snapshot } from "../../../test/fuzz/endpoints";

/** The library CSV, the CSV import with its preview, and the club's JSON export and restore. */

type Member = Awaited<ReturnType<TestApp["member"]>>;

const MAPPING = {
  name: "Name",
  brand: "Brand",
  type: "Type",
  country: "Country",
  region: "State",
  abv: "ABV",
  size: "Size (ml)",
  storeLink: "Store link",
  price: "Last price",
  datePurchased: "Last purchased (YYYY-MM-DD)",
  // The export's columns that an import has no field for: ignored by name (a real import refuses
  // a column that is neither mapped nor ignored).
  ignore: ["Id", "Status", "Purchases", "Total spent", "Club score", "Scores"],
};

const clock = () => new Date("2026-11-23T12:00:00Z");

function importRequest(
  t: TestApp,
  token: string | undefined,
  csv: string | Buffer,
  mapping: unknown = MAPPING,
  dryRun = false,
) {
  const body = multipartBody([
    { name: "file", filename: "bottles.csv", contentType: "text/csv", data: csv },
    { name: "mapping", data: typeof mapping === "string" ? mapping : JSON.stringify(mapping) },
  ]);
  return t.request({
    method: "POST",
    url: `/api/Bottles/Import?dryRun=${dryRun}`,
    payload: body.payload,
    headers: { "content-type": body.contentType },
    token,
  });
}

const exportCsv = async (t: TestApp, what = "bottles") =>
  (await t.request({ method: "GET", url: `/api/Bottles/Export?what=${what}` })).body;

/** The export's rows without the ids (a new club numbers its bottles itself). */
const rowsWithoutIds = (csv: string) =>
  Papa.parse<string[]>(csv.trim(), { skipEmptyLines: true })
    .data.slice(1)
    .map((row) => row.slice(1));

const count = (t: TestApp, table: string) =>
  (t.app.deps.db.$client.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

let source: TestApp;
let ann: Member;
let admin: Member;

beforeAll(async () => {
  source = await createTestApp({ now: clock });
  admin = await source.member(undefined, { role: "admin" });
  ann = await source.member();
  const caller = source.caller(ann.user);
  const islay = await caller.bottles.create({
    name: "Lagavulin 16",
    newBrand: "Lagavulin",
    drinkTypeId: 7,
    countryId: 2,
    abv: 43,
    storeLink: "https://example.com/lagavulin",
  });
  await caller.instances.create({ bottleId: islay.id, datePurchased: "2025-03-01", purchasePrice: 89.99 });
  await caller.bottles.create({ name: '=HYPERLINK("http://evil")', newBrand: "+Sneaky, Inc.", abv: 40 });
  await caller.bottles.create({ name: "Bùnnahabhain 12", newBrand: "Bunnahabhain", abv: 46.3 });
});
afterAll(() => source.close());

describe("the library CSV", () => {
  it("one row per bottle with purchases summarised, a filename, and formulas defused", async () => {
    const res = await source.request({ method: "GET", url: "/api/Bottles/Export" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="bottles-2026-11-23.csv"');
    // UTF-8 with a byte order mark, for Excel; ?bom=false leaves it out.
    expect(res.body.startsWith("\uFEFFId,Name,")).toBe(true);
    const plain = await source.request({ method: "GET", url: "/api/Bottles/Export?bom=false" });
    expect(plain.body).toBe(res.body.slice(1));
    const rows = Papa.parse<string[]>(res.body.slice(1).trim()).data;
    expect(rows[0]).toEqual([
      "Id",
      "Name",
      "Brand",
      "Type",
      "Country",
      "State",
      "ABV",
      "Size (ml)",
      "Store link",
      "Status",
      "Purchases",
      "Total spent",
      "Last price",
      "Last purchased (YYYY-MM-DD)",
      "Club score",
      "Scores",
    ]);
    const lagavulin = rows.find((r) => r[1] === "Lagavulin 16")!;
    expect(lagavulin.slice(2)).toEqual([
      "Lagavulin",
      "Single Malt Scotch",
      "Scotland",
      "",
      "43",
      "700",
      "https://example.com/lagavulin",
      "Sealed",
      "1",
      "89.99",
      "89.99",
      "2025-03-01",
      "",
      "0",
    ]);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(res.body).toContain(`"'+Sneaky, Inc."`);
  });

  it("a second CSV lists the purchases", async () => {
    const res = await source.request({ method: "GET", url: "/api/Bottles/Export?what=purchases" });
    expect(res.headers["content-disposition"]).toContain("purchases-2026-11-23.csv");
    const rows = Papa.parse<string[]>(res.body.slice(1).trim()).data;
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(2)).toEqual(["Lagavulin 16", "Lagavulin", "2025-03-01", "89.99", "", ""]);
  });

  it("has one date format per file: a finish (stored as an instant) is the club's date, as the header says", async () => {
    const bought = source.app.deps.db.$client
      .prepare("SELECT id FROM bottle_instances ORDER BY id LIMIT 1")
      .get() as { id: number };
    const caller = source.caller(ann.user);
    await caller.instances.finish({ id: bought.id });
    const res = await source.request({ method: "GET", url: "/api/Bottles/Export?what=purchases" });
    const [header, row] = Papa.parse<string[]>(res.body.slice(1).trim()).data;
    expect(header).toEqual([
      "Purchase id",
      "Bottle id",
      "Bottle",
      "Brand",
      "Date purchased (YYYY-MM-DD)",
      "Price",
      "Opened (YYYY-MM-DD)",
      "Finished (YYYY-MM-DD)",
    ]);
    const stored = source.app.deps.db.$client
      .prepare("SELECT date_finished AS finished FROM bottle_instances WHERE id = ?")
      .get(bought.id) as { finished: string };
    expect(stored.finished).toMatch(/T\d{2}:\d{2}/); // an instant in the database...
    expect(row![7]).toMatch(/^\d{4}-\d{2}-\d{2}$/); // ...a date in the file
    await caller.instances.update({
      id: bought.id,
      datePurchased: "2025-03-01",
      purchasePrice: 89.99,
      dateFinished: null,
    });
  });

  it("a bad `what` is a 400", async () => {
    const res = await source.request({ method: "GET", url: "/api/Bottles/Export?what=everything" });
    expect(res.statusCode).toBe(400);
  });
});

describe("importing a CSV of bottles", () => {
  let target: TestApp;
  let bob: Member;
  beforeAll(async () => {
    target = await createTestApp({ now: clock });
    bob = await target.member();
  });
  afterAll(() => target.close());

  it("round-trips an export: import into a fresh club, export again, the same rows", async () => {
    const csv = await exportCsv(source);
    const before = snapshot(target);
    const dry = await importRequest(target, bob.token, csv, MAPPING, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json<ImportReport>()).toMatchObject({
      dryRun: true,
      create: 3,
      skipped: 0,
      errors: 0,
      created: 0,
    });
    expect(snapshot(target), "a dry run writes nothing").toBe(before);

    const real = await importRequest(target, bob.token, csv);
    expect(real.json<ImportReport>()).toMatchObject({ dryRun: false, create: 3, created: 3 });
    expect(rowsWithoutIds(await exportCsv(target))).toEqual(rowsWithoutIds(csv));
    expect(rowsWithoutIds(await exportCsv(target, "purchases")).map((r) => r.slice(1))).toEqual(
      rowsWithoutIds(await exportCsv(source, "purchases")).map((r) => r.slice(1)),
    );
    const log = target.app.deps.db.$client
      .prepare("SELECT action, entity, after FROM activity WHERE action = 'bottles.import'")
      .all() as { after: string }[];
    expect(log).toHaveLength(1);
    expect(JSON.parse(log[0]!.after)).toMatchObject({ created: 3 });
  });

  it("importing the same file again creates nothing", async () => {
    const csv = await exportCsv(source);
    const before = snapshot(target);
    const again = (await importRequest(target, bob.token, csv)).json<ImportReport>();
    expect(again).toMatchObject({ create: 0, skipped: 3, created: 0 });
    expect(again.rows.every((r) => r.action === "skip-existing" && r.likelyDuplicateOf)).toBe(true);
    expect(snapshot(target)).toBe(before);
  });

  it("reports each row's problems and likely duplicates, and imports only the good rows", async () => {
    const csv = [
      "Name,Brand,Type,ABV,Region,Size (ml)",
      "Lagavulin 16 Year Old,Lagavulin,Single Malt Scotch,43,Islay,70cl",
      ",Nobody,Bourbon,40,,",
      "Strange,Odd,Moonshine,40,,",
      "Too Strong,Odd,Bourbon,140,,",
      "Tiny,Odd,Bourbon,40,,a lot",
      "New One,Fresh Brand,japanese whiskey,48%,,1L",
      "New One,Fresh Brand,Japanese Whisky,48,,",
      "BUNNAHABHAIN 12,bunnahabhain,,46.3,,",
    ].join("\n");
    const brands = count(target, "brands");
    const res = await importRequest(target, bob.token, csv, {
      name: "Name",
      brand: "Brand",
      type: "Type",
      abv: "ABV",
      region: "Region",
      size: "Size (ml)",
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<ImportReport>();
    const byRow = Object.fromEntries(report.rows.map((r) => [r.row, r]));
    expect(byRow[2]).toMatchObject({
      action: "create",
      problems: ['Looks like "Lagavulin 16", already in the library.'],
      likelyDuplicateOf: { name: "Lagavulin 16" },
    });
    expect(byRow[3]).toMatchObject({ action: "error", problems: ["The name is missing."] });
    expect(byRow[4]).toMatchObject({ action: "error", problems: ['Unknown type "Moonshine".'] });
    expect(byRow[5]).toMatchObject({
      action: "error",
      problems: ["ABV must be a number between 0 and 100."],
    });
    expect(byRow[6]!.problems[0]).toMatch(/^The size must be/);
    expect(byRow[7]).toMatchObject({ action: "create", problems: [] });
    expect(byRow[8]).toMatchObject({ action: "skip-existing", problems: ["The same bottle as row 7."] });
    expect(byRow[9]).toMatchObject({ action: "skip-existing", problems: ["Already in the library."] });
    expect(report).toMatchObject({ create: 2, skipped: 2, errors: 4, created: 2 });
    const created = target.app.deps.db.$client
      .prepare(
        "SELECT b.name, b.size_ml AS size, s.name AS region, c.name AS country, br.name AS brand FROM bottles b LEFT JOIN states s ON s.id = b.state_id LEFT JOIN countries c ON c.id = b.country_id JOIN brands br ON br.id = b.brand_id WHERE b.name IN ('New One', 'Lagavulin 16 Year Old') ORDER BY b.name",
      )
      .all();
    expect(created).toEqual([
      { name: "Lagavulin 16 Year Old", size: 700, region: "Islay", country: "Scotland", brand: "Lagavulin" },
      { name: "New One", size: 1000, region: null, country: null, brand: "Fresh Brand" },
    ]);
    expect(count(target, "brands")).toBe(brands + 1);
  });

  it("reads a spreadsheet's semicolon CSV with decimal commas; a file not in UTF-8 is refused", async () => {
    const report = (
      await importRequest(target, bob.token, "Name;ABV;Size\r\nÉlan Réserve;46,5;50 cl\r\n", {
        name: "Name",
        abv: "ABV",
        size: "Size",
      })
    ).json<ImportReport>();
    expect(report).toMatchObject({ created: 1, rows: [{ action: "create", problems: [] }] });
    const row = target.app.deps.db.$client
      .prepare("SELECT abv, size_ml AS size FROM bottles WHERE name = 'Élan Réserve'")
      .get();
    expect(row).toEqual({ abv: 46.5, size: 500 });
    const latin1 = Buffer.from("Name,ABV\r\nCaf\xe9 Single Malt,40\r\n", "latin1");
    const refused = await importRequest(target, bob.token, latin1, { name: "Name", abv: "ABV" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { message: string } }>().error.message).toMatch(/UTF-8/);
  });

  it("a price in another currency is a problem of its row naming it, never stored as dollars", async () => {
    const csv = [
      "Name;ABV;Price",
      "Franc Malt;46;CHF 1'250.00",
      "Euro Dram;40;79,90 €",
      "Pound Peat;43;£45",
      "Loonie Rye;45;C$ 60",
      "Dollar Bourbon;45;$ 29,99",
      "Plain Bourbon;45;31,50",
      "",
    ].join("\r\n");
    const mapping = { name: "Name", abv: "ABV", price: "Price" };
    const before = snapshot(target);
    const dry = (await importRequest(target, bob.token, csv, mapping, true)).json<ImportReport>();
    expect(dry.rows.map((r) => [r.name, r.action, r.problems])).toEqual([
      [
        "Franc Malt",
        "error",
        [
          `Price "CHF 1'250.00" is in CHF: the library keeps prices in dollars. Convert it to dollars, or leave the price column out.`,
        ],
      ],
      [
        "Euro Dram",
        "error",
        [
          'Price "79,90 €" is in €: the library keeps prices in dollars. Convert it to dollars, or leave the price column out.',
        ],
      ],
      [
        "Pound Peat",
        "error",
        [
          'Price "£45" is in £: the library keeps prices in dollars. Convert it to dollars, or leave the price column out.',
        ],
      ],
      [
        "Loonie Rye",
        "error",
        [
          'Price "C$ 60" is in C$: the library keeps prices in dollars. Convert it to dollars, or leave the price column out.',
        ],
      ],
      ["Dollar Bourbon", "create", []],
      ["Plain Bourbon", "create", []],
    ]);
    const real = (await importRequest(target, bob.token, csv, mapping)).json<ImportReport>();
    expect(real).toMatchObject({ created: 2, errors: 4 });
    const prices = target.app.deps.db.$client
      .prepare(
        "SELECT b.name, i.purchase_price_cents AS cents FROM bottles b JOIN bottle_instances i ON i.bottle_id = b.id WHERE b.name IN ('Franc Malt','Euro Dram','Pound Peat','Loonie Rye','Dollar Bourbon','Plain Bourbon') ORDER BY b.name",
      )
      .all();
    expect(prices).toEqual([
      { name: "Dollar Bourbon", cents: 2999 },
      { name: "Plain Bourbon", cents: 3150 },
    ]);
    expect(snapshot(target)).not.toBe(before);
  });

  it("reads a European file's numbers and dates (detected, said in the report), never a different number", async () => {
    const csv = [
      "Name;Brand;ABV;Price;Bought;Age",
      "Euro Malt;Euro Co;57,1 %;1.250,00;31.12.2025;12",
      "Euro Blend;Euro Co;40;79,90;05.04.2025;8",
    ].join("\r\n");
    const mapping = { name: "Name", brand: "Brand", abv: "ABV", price: "Price", datePurchased: "Bought" };
    const dry = (await importRequest(target, bob.token, csv, mapping, true)).json<ImportReport>();
    expect(dry).toMatchObject({
      create: 2,
      errors: 0,
      formats: { decimalMark: ",", thousandsSeparator: ".", dateOrder: "DMY" },
      delimiter: ";",
      detected: ["decimalMark", "thousandsSeparator", "dateOrder", "delimiter"],
      unmappedColumns: ["Age"],
    });

    // The same file read with a decimal point: each cell is a problem naming it, not 1.25.
    const us = { ...mapping, decimalMark: ".", thousandsSeparator: ",", dateOrder: "MDY" } as const;
    const wrong = (await importRequest(target, bob.token, csv, us, true)).json<ImportReport>();
    expect(wrong).toMatchObject({ create: 0, errors: 2, detected: ["delimiter"] });
    expect(wrong.rows[0]!.problems).toEqual([
      'ABV "57,1 %" is not a number in the chosen format (decimal point (79.90), thousands comma (1,250)).',
      'Price "1.250,00" is not a number in the chosen format (decimal point (79.90), thousands comma (1,250)).',
      'Bought "31.12.2025" is not a date in the chosen order (Month/day/year (12/31/2025)).',
    ]);

    // A real import names every column: Age is neither mapped nor ignored.
    const before = snapshot(target);
    const refused = await importRequest(target, bob.token, csv, mapping);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      'Map the column "Age" to a field or ignore it.',
    );
    expect(snapshot(target)).toBe(before);
    const bothWays = await importRequest(target, bob.token, csv, { ...mapping, ignore: ["Age", "Price"] });
    expect(bothWays.statusCode).toBe(400);
    expect(snapshot(target)).toBe(before);

    const real = (
      await importRequest(target, bob.token, csv, { ...mapping, ignore: ["Age"] })
    ).json<ImportReport>();
    expect(real).toMatchObject({ created: 2, unmappedColumns: [] });
    const stored = target.app.deps.db.$client
      .prepare(
        "SELECT b.name, b.abv, i.purchase_price_cents AS cents, i.date_purchased AS date FROM bottles b JOIN bottle_instances i ON i.bottle_id = b.id WHERE b.name LIKE 'Euro %' ORDER BY b.name",
      )
      .all();
    expect(stored).toEqual([
      { name: "Euro Blend", abv: 40, cents: 7990, date: "2025-04-05" },
      { name: "Euro Malt", abv: 57.1, cents: 125000, date: "2025-12-31" },
    ]);
  });

  it("a price with more than 2 decimals under the chosen format is a problem ($1,299 with decimal commas)", async () => {
    const csv = 'Name,ABV,Price\r\nDollar Dram,40,"$1,299"\r\n';
    const mapping = { name: "Name", abv: "ABV", price: "Price" };
    const us = (await importRequest(target, bob.token, csv, mapping, true)).json<ImportReport>();
    expect(us).toMatchObject({ errors: 0, formats: { decimalMark: "." } });
    const eu = (
      await importRequest(
        target,
        bob.token,
        csv,
        { ...mapping, decimalMark: ",", thousandsSeparator: "." },
        true,
      )
    ).json<ImportReport>();
    expect(eu.rows[0]!.problems).toEqual(['Price "$1,299" has more than 2 decimals.']);
  });

  it("takes the largest file allowed, 5,000 rows, in one transaction", async () => {
    const rows = Array.from({ length: 5000 }, (_v, i) => `Bulk bottle ${i},Bulk Brand ${i % 50},40`);
    const res = await importRequest(target, bob.token, `Name,Brand,ABV\n${rows.join("\n")}\n`, {
      name: "Name",
      brand: "Brand",
      abv: "ABV",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportReport>()).toMatchObject({ created: 5000, errors: 0 });
  });

  it("bad files and bad mappings are 400s and change nothing", async () => {
    const good = "Name,ABV\nSomething,40\n";
    const cases: [string, Promise<Awaited<ReturnType<TestApp["request"]>>>, RegExp][] = [
      [
        "binary",
        importRequest(target, bob.token, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 0xff])),
        /not a CSV/,
      ],
      [
        "huge",
        importRequest(target, bob.token, `Name,ABV\n${"x,1\n".repeat(IMPORT_MAX_BYTES / 4 + 10)}`),
        /too large/,
      ],
      ["many rows", importRequest(target, bob.token, `Name,ABV\n${"x,1\n".repeat(5001)}`), /too many rows/],
      ["header only", importRequest(target, bob.token, "Name,ABV\n"), /no rows/],
      [
        "unknown column",
        importRequest(target, bob.token, good, { name: "Title", abv: "ABV" }),
        /no column "Title"/,
      ],
      ["no name mapped", importRequest(target, bob.token, good, { abv: "ABV" }), /mapping is not valid/],
      // The ABV may come from the review (an export without one); a column left unmapped is still refused.
      [
        "abv column unmapped",
        importRequest(target, bob.token, good, { name: "Name" }),
        /Map the column "ABV"/,
      ],
      ["mapping not JSON", importRequest(target, bob.token, good, "{name:"), /mapping is not valid/],
      ["broken quotes", importRequest(target, bob.token, 'Name,ABV\n"Unclosed,40\n'), /not a CSV/],
    ];
    const before = snapshot(target);
    for (const [label, pending, message] of cases) {
      const res = await pending;
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message, label).toMatch(message);
    }
    const notMultipart = await target.request({
      method: "POST",
      url: "/api/Bottles/Import",
      payload: { name: "x" },
      token: bob.token,
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(snapshot(target)).toBe(before);
  });

  it("needs a member", async () => {
    const res = await importRequest(target, undefined, "Name,ABV\nA,40\n");
    expect(res.statusCode).toBe(401);
  });
});

describe("the club as one JSON file", () => {
  it("decides about every table: in the export, or left out on purpose (packages/db/src/queries/clubDump.ts)", () => {
    const decided = new Set<string>([...CLUB_TABLES, ...CLUB_TABLES_LEFT_OUT]);
    expect(listTables(source.app.deps.db).filter((table) => !decided.has(table))).toEqual([]);
  });

  it("admins only", async () => {
    expect((await source.request({ method: "GET", url: "/api/Club/Export" })).statusCode).toBe(401);
    expect(
      (await source.request({ method: "GET", url: "/api/Club/Export", token: ann.token })).statusCode,
    ).toBe(403);
  });

  it("restores into a fresh club with the same data, and the file's members can log in", async () => {
    await source.caller(ann.user).comments.create({ bottleId: 1, comment: "Peat and sea spray" });
    const res = await source.request({ method: "GET", url: "/api/Club/Export", token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="club-2026-11-23.json"');
    const file = res.json<{ format: string; version: number; tables: Record<string, { rows: unknown[] }> }>();
    expect(file).toMatchObject({ format: "whiskey-club-export", version: 1 });
    expect(Object.keys(file.tables)).not.toContain("refresh_tokens");

    const fresh = await createTestApp({ now: clock });
    try {
      const freshAdmin = await fresh.member(undefined, { role: "admin" });
      const upload = (data: string, confirm = "REPLACE") => {
        const body = multipartBody([
          { name: "file", filename: "club.json", contentType: "application/json", data },
          { name: "confirm", data: confirm },
        ]);
        return fresh.request({
          method: "POST",
          url: "/api/Club/Import",
          payload: body.payload,
          headers: { "content-type": body.contentType },
          token: freshAdmin.token,
        });
      };
      const before = snapshot(fresh);
      for (const [label, data, confirm] of [
        ["not confirmed", res.body, "yes"],
        ["not JSON", "<html>", "REPLACE"],
        ["another format", JSON.stringify({ ...file, format: "other" }), "REPLACE"],
        [
          "no admin",
          JSON.stringify({ ...file, tables: { ...file.tables, members: { columns: [], rows: [] } } }),
          "REPLACE",
        ],
        [
          "a broken reference",
          JSON.stringify({ ...file, tables: { ...file.tables, bottles: { columns: [], rows: [] } } }),
          "REPLACE",
        ],
      ] as const) {
        const refused = await upload(data, confirm);
        expect(refused.statusCode, `${label}: ${refused.body}`).toBe(400);
      }
      expect(snapshot(fresh), "refusals change nothing").toBe(before);

      const restored = await upload(res.body);
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json<{ tables: Record<string, number> }>().tables.bottles).toBe(3);
      expect(await exportCsv(fresh)).toBe(await exportCsv(source));
      // The fresh club's admin had id 1, which is now the file's admin: that token no longer opens it.
      expect(
        (await fresh.request({ method: "GET", url: "/api/Account", token: admin.token })).statusCode,
      ).toBe(401);
      const login = await fresh.request({
        method: "POST",
        url: "/login",
        payload: { email: admin.user.email, password: "correct horse battery" },
      });
      expect(login.statusCode, login.body).toBe(200);
      const adminToken = login.json<{ accessToken: string }>().accessToken;
      const again = await fresh.request({ method: "GET", url: "/api/Club/Export", token: adminToken });
      const restoredFile = again.json<typeof file>();
      for (const table of ["bottles", "bottle_instances", "bottle_comments", "brands", "themes"])
        expect(restoredFile.tables[table], table).toEqual(file.tables[table]);
      // Members too, password hashes included; only the token versions moved (see above).
      const withoutVersions = (dump: (typeof file.tables)[string]) => {
        const at = (dump as unknown as { columns: string[] }).columns.indexOf("token_version");
        return dump.rows.map((row) => (row as unknown[]).filter((_v, i) => i !== at));
      };
      expect(withoutVersions(restoredFile.tables.members!)).toEqual(withoutVersions(file.tables.members!));
      // The library's search index is whole after the restore (filled once, not row by row), and
      // its triggers are back: a comment written afterwards is found too.
      const found = async (q: string) =>
        (await fresh.caller(null).search.bottles({ q })).items.map((b) => b.id);
      expect(await found("sea spray")).toEqual([1]);
      await fresh.caller(ann.user).comments.create({ bottleId: 2, comment: "Marzipan and quince" });
      expect(await found("quince")).toEqual([2]);
      // The file's other accounts work; the fresh club's own admin is gone.
      expect((await fresh.request({ method: "GET", url: "/api/Account", token: ann.token })).statusCode).toBe(
        200,
      );
      expect(
        (await fresh.request({ method: "GET", url: "/api/Account", token: freshAdmin.token })).statusCode,
      ).toBe(401);
    } finally {
      await fresh.close();
    }
  });
});
