import { readFileSync } from "node:fs";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_FIELDS, type ImportField, type ImportReport } from "@club/shared";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { multipartBody } from "../../../test/fuzz/endpoints";

/**
 * The CSV exports in the reader's language: the headers and fixed cells are the catalogue's, and a
 * library export in German imports again, every column found by its German header.
 */
const clock = () => new Date("2026-11-23T12:00:00Z");
let t: TestApp;
let ann: Awaited<ReturnType<TestApp["member"]>>;

beforeAll(async () => {
  t = await createTestApp({ now: clock });
  ann = await t.member();
  const caller = t.caller(ann.user);
  const islay = await caller.bottles.create({
    name: "Lagavulin 16",
    newBrand: "Lagavulin",
    drinkTypeId: 7,
    countryId: 2,
    abv: 43,
    storeLink: "https://example.com/lagavulin",
  });
  await caller.instances.create({ bottleId: islay.id, datePurchased: "2025-03-01", purchasePrice: 89.99 });
  await caller.bottles.create({ name: "Ardbeg 10", newBrand: "Ardbeg", abv: 46 });
});
afterAll(() => t.close());

const rowsOf = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, "").trim()).data;

/** The web's import screen's words in a language: the labels its column guessing knows. */
const webImport = (language: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../../web/src/locales/${language}/import.json`, import.meta.url), "utf8"),
  ) as Record<string, string>;

describe("the library CSV in a language", () => {
  it("is English without a language, word for word", async () => {
    const res = await t.request({ method: "GET", url: "/api/Bottles/Export" });
    expect(rowsOf(res.body)[0]!.slice(0, 3)).toEqual(["Id", "Name", "Brand"]);
  });

  it("is German for a German reader (Accept-Language, or the language cookie), English again after", async () => {
    const res = await t.request({
      method: "GET",
      url: "/api/Bottles/Export",
      headers: { "accept-language": "de-DE,de;q=0.9" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toContain("accept-language");
    const rows = rowsOf(res.body);
    expect(rows[0]).toEqual([
      "ID",
      "Name",
      "Marke",
      "Art",
      "Land",
      "Region",
      "Alkoholgehalt",
      "Größe (ml)",
      "Shop-Link",
      "Status",
      "Käufe",
      "Ausgaben gesamt",
      "Letzter Preis",
      "Zuletzt gekauft (YYYY-MM-DD)",
      "Clubwertung",
      "Wertungen",
    ]);
    expect(rows.find((r) => r[1] === "Lagavulin 16")![9]).toBe("Verschlossen");
    expect(rows.find((r) => r[1] === "Ardbeg 10")![9]).toBe("Nie gekauft");
    const cookie = await t.request({
      method: "GET",
      url: "/api/Bottles/Export",
      headers: { cookie: "club_lang=sv" },
    });
    expect(rowsOf(cookie.body)[0]!.slice(0, 3)).toEqual(["Id", "Namn", "Märke"]);
    expect(rowsOf((await t.request({ method: "GET", url: "/api/Bottles/Export" })).body)[0]![2]).toBe(
      "Brand",
    );
    const purchases = await t.request({
      method: "GET",
      url: "/api/Bottles/Export?what=purchases",
      headers: { "accept-language": "fr" },
    });
    expect(rowsOf(purchases.body)[0]).toEqual([
      "Id de l’achat",
      "Id de la bouteille",
      "Bouteille",
      "Marque",
      "Date d’achat (YYYY-MM-DD)",
      "Prix",
      "Ouverte le (YYYY-MM-DD)",
      "Terminée le (YYYY-MM-DD)",
    ]);
  });

  it.each(["de", "sv", "fr", "ja"])(
    "in %s its field columns are the import screen's labels, and it imports again",
    async (language) => {
      const csv = (
        await t.request({
          method: "GET",
          url: "/api/Bottles/Export",
          headers: { "accept-language": language },
        })
      ).body;
      const header = rowsOf(csv)[0]!;
      const words = webImport(language);
      const columnOf = (field: ImportField): string | undefined =>
        field === "price"
          ? header.find((h) => h === words["column.lastPrice"])
          : field === "datePurchased"
            ? header.find((h) => h === `${words["column.lastPurchased"]} (YYYY-MM-DD)`)
            : header.find((h) => h === words[`field.${field}`]);
      const mapping = Object.fromEntries(IMPORT_FIELDS.map((field) => [field, columnOf(field)]));
      // Every field has its column.
      expect(Object.entries(mapping).filter(([, column]) => column === undefined)).toEqual([]);
      const used = new Set(Object.values(mapping));
      const other = await createTestApp({ now: clock });
      try {
        const member = await other.member();
        const body = multipartBody([
          { name: "file", filename: "bottles.csv", contentType: "text/csv", data: csv },
          {
            name: "mapping",
            data: JSON.stringify({ ...mapping, ignore: header.filter((h) => !used.has(h)) }),
          },
        ]);
        const res = await other.request({
          method: "POST",
          url: "/api/Bottles/Import?dryRun=false",
          payload: body.payload,
          headers: { "content-type": body.contentType },
          token: member.token,
        });
        expect(res.statusCode).toBe(200);
        const report = res.json<ImportReport>();
        expect(report.errors).toBe(0);
        expect(report.created).toBe(2);
        const lagavulin = other.app.deps.db.$client
          .prepare("SELECT abv, size_ml AS size, store_link AS link FROM bottles WHERE name = 'Lagavulin 16'")
          .get();
        expect(lagavulin).toEqual({ abv: 43, size: 700, link: "https://example.com/lagavulin" });
      } finally {
        await other.close();
      }
    },
  );
});

describe("a member's CSV in their language", () => {
  it("a night's results and the dues ledger have German headers for a member who reads German", async () => {
    const treasurer = await t.member(undefined, { role: "treasurer" });
    await t.caller(treasurer.user).account.setLanguage({ language: "de" });
    const themeId = (await t.caller(ann.user).themes.create({ description: "Islay" })).id;
    const id = (await t.caller(ann.user).meetings.create({ date: "2026-12-11", hostName: "Ann", themeId }))
      .id;
    const results = await t.request({
      method: "GET",
      url: `/api/MonthlyMeetings/${id}/Results.csv`,
      token: treasurer.token,
    });
    expect(results.statusCode).toBe(200);
    expect(rowsOf(results.body)[0]).toEqual([
      "Dram",
      "Bezeichnung",
      "Flasche",
      "Mitglied",
      "Nase",
      "Gaumen",
      "Abgang",
      "Balance",
      "Gesamt",
      "Notiz",
      "Tags",
      "Gast",
      "Gast von",
    ]);
    // Ann follows the club's language: English, word for word.
    const english = await t.request({
      method: "GET",
      url: `/api/MonthlyMeetings/${id}/Results.csv`,
      token: ann.token,
    });
    expect(rowsOf(english.body)[0]!.join(",")).toBe(
      "pour,label,bottle,member,nose,palate,finish,balance,total,note,tags,guest,guest of",
    );
    const paid = await t.request({
      method: "POST",
      url: "/api/Dues/Payments",
      token: treasurer.token,
      payload: { memberId: ann.user.id, amount: 100, date: "2026-11-23", method: "cash", note: "Bar" },
    });
    expect(paid.statusCode).toBe(201);
    const dues = await t.request({ method: "GET", url: "/api/Dues/Export", token: treasurer.token });
    expect(dues.statusCode).toBe(200);
    expect(rowsOf(dues.body)[0]!.slice(0, 6)).toEqual([
      "Mitglied",
      "Saldo",
      "bezahlt bis (YYYY-MM)",
      "Datum (YYYY-MM-DD)",
      "Art",
      "Monat (YYYY-MM)",
    ]);
    const annRow = rowsOf(dues.body).find((r) => r[8] === "Bar")!;
    // Her standing in German words, the amount as German writes it.
    expect(annRow[9]).toMatch(/^\d+,\d{2}\s\$ Guthaben$/);
    const report = await t.request({
      method: "GET",
      url: "/api/Dues/Report?from=2026-01&to=2026-12&format=csv",
      token: treasurer.token,
    });
    expect(report.statusCode).toBe(200);
    const rows = rowsOf(report.body);
    expect(rows[0]).toEqual(["Abschnitt", "Monat", "Mitglied", "Posten", "Betrag", "Notiz"]);
    expect(rows[1]).toEqual(["Summen", "", "", "offen zu Beginn", "0.00", "vor 2026-01"]);
    expect(rows[5]![3]).toBe("offen am Ende");
    expect(rows[5]![5]).toBe("am Ende von 2026-12");
  });
});
