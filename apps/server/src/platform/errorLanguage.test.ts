import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServerMessages, TransferMessages, WebhooksMessages } from "@club/shared";
import { createTestApp, type TestApp } from "../../test/helpers";
import { localize } from "./i18n";

/**
 * The server's errors in the reader's language: a signed-in member's, else the page language of
 * the request (the language cookie, Accept-Language, the club's). The code never changes, and
 * English stays word for word what it always was.
 */
let t: TestApp;
let german: Awaited<ReturnType<TestApp["member"]>>;
let english: Awaited<ReturnType<TestApp["member"]>>;

beforeAll(async () => {
  t = await createTestApp();
  german = await t.member();
  english = await t.member();
  const chosen = await t.request({
    method: "PUT",
    url: "/api/Account/Language",
    token: german.token,
    payload: { language: "de" },
  });
  expect(chosen.statusCode).toBe(200);
});
afterAll(() => t.close());

interface ErrorBody {
  error: { code: string; message: string; issues?: unknown };
}
interface TrpcError {
  error: { message: string; data: { code: string; httpStatus: number } };
}

const unknownMeeting = (headers: Record<string, string> = {}, token?: string) =>
  t.request({ method: "GET", url: "/api/MonthlyMeetings/9999", headers, ...(token ? { token } : {}) });

const newTheme = (token: string, description: string, headers: Record<string, string> = {}) =>
  t.request({ method: "POST", url: "/api/MonthlyThemes", token, headers, payload: { id: 0, description } });

describe("errors in the reader's language", () => {
  it("a 404 in German for Accept-Language: de, in English without it (word for word as before)", async () => {
    const de = await unknownMeeting({ "accept-language": "de-DE,de;q=0.9,en;q=0.5" });
    expect(de.statusCode).toBe(404);
    expect(de.json<ErrorBody>()).toEqual({
      error: { code: "NOT_FOUND", message: "Treffen nicht gefunden." },
    });
    const en = await unknownMeeting();
    expect(en.json<ErrorBody>()).toEqual({
      error: { code: "NOT_FOUND", message: ServerMessages.meetingNotFound },
    });
    const enUs = await unknownMeeting({ "accept-language": "en-US,en;q=0.9" });
    expect(enUs.json<ErrorBody>().error.message).toBe("Meeting not found.");
  });

  it("the language cookie wins over Accept-Language", async () => {
    const res = await unknownMeeting({ cookie: "club_lang=ja", "accept-language": "de" });
    expect(res.json<ErrorBody>().error).toEqual({
      code: "NOT_FOUND",
      message: "ミーティングが見つかりません。",
    });
  });

  it("a 409 in the member's own language, whatever the browser asks", async () => {
    expect((await newTheme(german.token, "Sherry Bombs")).statusCode).toBe(201);
    const again = await newTheme(german.token, "sherry bombs", { "accept-language": "fr" });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>()).toEqual({
      error: { code: "CONFLICT", message: "Ein Thema mit diesem Namen gibt es bereits." },
    });
    const theirs = await newTheme(english.token, "SHERRY BOMBS");
    expect(theirs.json<ErrorBody>()).toEqual({
      error: { code: "CONFLICT", message: ServerMessages.themeExists },
    });
  });

  it("a 400 in German: a body that is not JSON, an input that is not valid (its issues unchanged)", async () => {
    // A body that is not JSON is refused before the request reaches its route, so before its
    // member is known: the page language of its headers.
    const broken = await t.request({
      method: "POST",
      url: "/api/MonthlyThemes",
      token: english.token,
      body: '{"id": 0, "description": "Oops"',
      headers: { "content-type": "application/json", "accept-language": "de" },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json<ErrorBody>().error).toEqual({
      code: "BAD_REQUEST",
      message: "Der Inhalt der Anfrage ist kein gültiges JSON.",
    });
    const invalid = await t.request({
      method: "GET",
      url: "/api/MonthlyMeetings/abc",
      headers: { "accept-language": "de" },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<ErrorBody>().error).toMatchObject({
      code: "BAD_REQUEST",
      message: "Die Anfrage ist ungültig.",
    });
    const inEnglish = await t.request({ method: "GET", url: "/api/MonthlyMeetings/abc" });
    expect(inEnglish.json<ErrorBody>().error.issues).toEqual(invalid.json<ErrorBody>().error.issues);
  });

  it("over tRPC too: the message translated, its code and status unchanged", async () => {
    const url = `/trpc/meetings.byId?input=${encodeURIComponent(JSON.stringify({ id: 9999 }))}`;
    const sv = await t.request({ method: "GET", url, headers: { "accept-language": "sv" } });
    expect(sv.statusCode).toBe(404);
    const body = sv.json<TrpcError>();
    expect(body.error.message).toBe("Mötet hittades inte.");
    expect(body.error.data).toMatchObject({ code: "NOT_FOUND", httpStatus: 404 });
    const en = await t.request({ method: "GET", url });
    expect(en.json<TrpcError>().error.message).toBe(ServerMessages.meetingNotFound);

    const duplicate = await t.request({
      method: "POST",
      url: "/trpc/themes.create",
      token: german.token,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ description: "Sherry Bombs" }),
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json<TrpcError>().error.message).toBe("Ein Thema mit diesem Namen gibt es bereits.");
  });

  it("a 401 for a visitor in French", async () => {
    const res = await t.request({
      method: "GET",
      url: "/api/Account/Language",
      headers: { "accept-language": "fr" },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json<ErrorBody>().error).toEqual({ code: "UNAUTHORIZED", message: "Connexion requise." });
  });
});

describe("localize", () => {
  it("a message a table makes from values keeps them, in the reader's words", () => {
    expect(localize("de", TransferMessages.unknownColumn("ABV %"))).toBe(
      "Die Datei hat keine Spalte „ABV %“.",
    );
    expect(localize("fr", TransferMessages.tooManyDecimals("Price", "12.345"))).toBe(
      "Price « 12.345 » a plus de 2 décimales.",
    );
    expect(localize("ja", WebhooksMessages.protocol(true))).toBe("URLは https:// で始めてください。");
    expect(localize("sv", WebhooksMessages.protocol(false))).toBe(
      "URL:en måste börja med http:// eller https://.",
    );
  });

  it("English and any text of no table stay as they are", () => {
    expect(localize("en", ServerMessages.meetingNotFound)).toBe(ServerMessages.meetingNotFound);
    expect(localize("de", "A pour's dram number is unique within its meeting.")).toBe(
      "A pour's dram number is unique within its meeting.",
    );
    // The columns to map: their words change with their number, so they stay English.
    const unmapped = TransferMessages.unmappedColumns(["Notes"]);
    expect(localize("de", unmapped)).toBe(unmapped);
  });
});

describe("the club's language", () => {
  it("answers a visitor whose browser asks for none of the app's languages in the club's", async () => {
    const club = await createTestApp({ env: { CLUB_LANGUAGE: "fr" } });
    try {
      const res = await club.request({
        method: "GET",
        url: "/api/MonthlyMeetings/9999",
        headers: { "accept-language": "pt-BR" },
      });
      expect(res.json<ErrorBody>().error).toEqual({ code: "NOT_FOUND", message: "Réunion introuvable." });
    } finally {
      await club.close();
    }
  });
});
