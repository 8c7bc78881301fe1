import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServerMessages, type AccountLanguage, type ClubSettings } from "@club/shared";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { languageCookie, memberLanguage, pageLanguage, serverText } from "../../platform/i18n";

/** Whose language: a member's choice, else the club's (CLUB_LANGUAGE, then an admin's); a visitor's browser. */
let t: TestApp;
let admin: Awaited<ReturnType<TestApp["member"]>>;
let ann: Awaited<ReturnType<TestApp["member"]>>;

beforeAll(async () => {
  t = await createTestApp({ env: { CLUB_LANGUAGE: "sv-SE" } });
  admin = await t.member(undefined, { role: "admin" });
  ann = await t.member();
});
afterAll(() => t.close());

const language = async (token: string) =>
  (await t.request({ method: "GET", url: "/api/Account/Language", token })).json<AccountLanguage>();
const choose = (token: string, payload: unknown) =>
  t.request({
    method: "PUT",
    url: "/api/Account/Language",
    token,
    payload: payload as Record<string, unknown>,
  });

describe("languages", () => {
  it("a member follows the club's (CLUB_LANGUAGE, a BCP 47 tag of the app's languages) until they choose", async () => {
    expect(await language(ann.token)).toEqual({ language: null, effective: "sv" });
    const settings = await t.request({ method: "GET", url: "/api/Club/Settings" });
    expect(settings.json<ClubSettings>().language).toBe("sv");
  });

  it("a member's choice is theirs (PUT /api/Account/Language), null follows the club again", async () => {
    const res = await choose(ann.token, { language: "de" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ language: "de", effective: "de" });
    expect(await language(admin.token)).toEqual({ language: null, effective: "sv" });
    expect((await choose(ann.token, { language: null })).json()).toEqual({ language: null, effective: "sv" });
  });

  it("refuses a language the app does not have with a 400 that changes nothing; a visitor gets 401", async () => {
    await choose(ann.token, { language: "ja" });
    for (const bad of [{ language: "xx" }, { language: "de-DE" }, { language: 1 }, {}]) {
      const res = await choose(ann.token, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toBeTruthy();
    }
    expect((await language(ann.token)).language).toBe("ja");
    expect((await t.request({ method: "GET", url: "/api/Account/Language" })).statusCode).toBe(401);
  });

  it("an admin changes the club's language in the club settings; left out, it stays", async () => {
    const settings = (await t.request({ method: "GET", url: "/api/Club/Settings" })).json<ClubSettings>();
    const { firstPayment: _f, upcomingDues: _u, duesFromMonth: _d, ...rest } = settings;
    const month = new Date().toISOString().slice(0, 7);
    const put = (payload: Record<string, unknown>) =>
      t.request({ method: "PUT", url: "/api/Club/Settings", token: admin.token, payload });
    expect((await put({ ...rest, duesFromMonth: month, language: "fr" })).json<ClubSettings>().language).toBe(
      "fr",
    );
    const { language: _l, ...withoutLanguage } = rest;
    expect((await put({ ...withoutLanguage, duesFromMonth: month })).json<ClubSettings>().language).toBe(
      "fr",
    );
    expect((await put({ ...rest, duesFromMonth: month, language: "klingon" })).statusCode).toBe(400);
    expect(await language(admin.token)).toEqual({ language: null, effective: "fr" });
  });

  it("a page's language: the browser's choice, else Accept-Language among the app's, else the club's", () => {
    expect(pageLanguage({}, "de")).toBe("de");
    expect(pageLanguage({ "accept-language": "ja-JP,ja;q=0.9,en;q=0.8" }, "de")).toBe("ja");
    expect(pageLanguage({ "accept-language": "pt-BR, fr;q=0.5, en;q=0.7" }, "de")).toBe("en");
    expect(pageLanguage({ "accept-language": "pt-BR" }, "de")).toBe("de");
    expect(pageLanguage({ cookie: "a=1; club_lang=sv", "accept-language": "ja" }, "de")).toBe("sv");
    // A member who follows the club's: not their browser's languages.
    expect(pageLanguage({ cookie: "club_lang=club", "accept-language": "ja" }, "de")).toBe("de");
    expect(pageLanguage({ cookie: "club_lang=xx", "accept-language": "fr-CA" }, "de")).toBe("fr");
    expect(languageCookie("club_lang=en-XA")).toBe("en-XA");
    expect(memberLanguage(null, "sv")).toBe("sv");
    expect(memberLanguage("ja", "sv")).toBe("ja");
  });

  it("server messages: English word for word, every other language its catalogue's", () => {
    expect(serverText("en", "notFound")).toBe(ServerMessages.notFound);
    expect(serverText("de", "notFound")).toBe("Nicht gefunden.");
    expect(serverText("ja", "hostOnly")).toBe(
      "これを行えるのはホスト（またはミーティングを追加したメンバー、管理者）だけです。",
    );
  });
});
