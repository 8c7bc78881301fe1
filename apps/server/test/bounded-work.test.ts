import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_WORDS_MAX } from "@club/shared";
import { clientAddress, clientNetworks } from "../src/platform/clientAddress";
import { StreamLimits } from "../src/app/liveStreams";
import { ReadCache, readKey } from "../src/platform/readCache";
import { newBottle } from "./bottleFixtures";
import { createTestApp, type TestApp } from "./helpers";

/**
 * No request whose cost an outsider controls. What one request makes the server do is
 * bounded by the server, not by what the client sends: a search's words are capped (each short
 * word was a scan of every bottle's text: 100 of them cost 2.2 s of CPU on the stress club), and
 * the public documents made from the whole club (the library's CSV, the purchases' CSV, the
 * calendar feed: 0.4-0.5 s each on the stress club) are made once while the data is unchanged.
 */

let t: TestApp;
let token: string;
const statements: string[] = [];
/** The turn of the event loop each statement ran in (see "a batch of reads" below). */
const turnOf: number[] = [];
let turn = 0;

/** The statements a request ran, without the read cache's own "did anything change?" checks. */
const queriesOf = async (url: string, headers: Record<string, string> = {}) => {
  statements.length = 0;
  const res = await t.request({ method: "GET", url, headers });
  const ran = statements.filter((sql) => !/total_changes\(\)|data_version/.test(sql));
  return { res, ran };
};

beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT: "false" },
    onStatement: (sql) => {
      statements.push(sql);
      turnOf.push(turn);
    },
  });
  ({ token } = await t.member());
  await newBottle(t, token, { name: "Lagavulin 16", abv: 43 });
  await newBottle(t, token, { name: "Ardbeg 10", abv: 46 });
});
afterAll(async () => {
  await t?.close();
});

const words = (n: number) =>
  Array.from({ length: n }, (_, i) => `w${String.fromCharCode(97 + (i % 26))}${i}`).join(" ");

describe("a search's words are capped", () => {
  const searches = (q: string) => [
    `/api/Bottles/Search?q=${encodeURIComponent(q)}`,
    `/api/Search?q=${encodeURIComponent(q)}`,
    `/trpc/search.bottles?input=${encodeURIComponent(JSON.stringify({ q }))}`,
    `/trpc/search.everything?input=${encodeURIComponent(JSON.stringify({ q }))}`,
  ];

  it(`refuses more than ${SEARCH_WORDS_MAX} different words with a 400 that says so, on every search`, async () => {
    for (const url of searches(words(SEARCH_WORDS_MAX + 1))) {
      const res = await t.request({ method: "GET", url });
      expect(res.statusCode, url).toBe(400);
      expect(res.body, url).toContain(`at most ${SEARCH_WORDS_MAX} words`);
    }
    const similar = await t.request({
      method: "GET",
      url: `/api/Bottles/Similar?name=${encodeURIComponent(words(SEARCH_WORDS_MAX + 1))}`,
      token,
    });
    expect(similar.statusCode).toBe(400);
    expect(similar.json()).toMatchObject({ error: { code: "BAD_REQUEST" } });
  });

  it(`answers ${SEARCH_WORDS_MAX} words, and a word said many times counts once`, async () => {
    for (const url of [...searches(words(SEARCH_WORDS_MAX)), ...searches(Array(100).fill("a").join(" "))]) {
      const res = await t.request({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
    }
    const lagavulin = await t.request({ method: "GET", url: "/api/Bottles/Search?q=lag%20lag%20LAG%2016" });
    expect(lagavulin.json<{ items: { name: string }[] }>().items.map((b) => b.name)).toEqual([
      "Lagavulin 16",
    ]);
  });

  it("a control character splits words as the index does: it cannot hide words from the cap", async () => {
    const q = Array.from({ length: SEARCH_WORDS_MAX + 1 }, (_, i) => `x${i}`).join("\u0001");
    const res = await t.request({ method: "GET", url: `/api/Bottles/Search?q=${encodeURIComponent(q)}` });
    expect(res.statusCode).toBe(400);
  });
});

describe("the public documents made from the whole club are made once while the data is unchanged", () => {
  const documents = [
    "/api/Bottles/Export",
    "/api/Bottles/Export?what=purchases",
    "/api/Bottles/Export?bom=false",
    "/calendar.ics",
  ];

  it("the second request runs no query, and gets the same bytes with an ETag (304 when it is current)", async () => {
    for (const url of documents) {
      const first = await queriesOf(url);
      expect(first.res.statusCode, url).toBe(200);
      expect(first.ran.length, url).toBeGreaterThan(0);
      const again = await queriesOf(url);
      expect(again.res.statusCode, url).toBe(200);
      expect(again.ran, url).toEqual([]);
      expect(again.res.body, url).toBe(first.res.body);
      expect(again.res.headers["content-type"], url).toBe(first.res.headers["content-type"]);
      expect(again.res.headers["content-disposition"], url).toBe(first.res.headers["content-disposition"]);
      const etag = again.res.headers.etag as string;
      expect(etag, url).toBeTruthy();
      const current = await queriesOf(url, { "if-none-match": etag });
      expect(current.res.statusCode, url).toBe(304);
    }
  });

  it("a change to the club makes them again", async () => {
    const before = (await queriesOf("/api/Bottles/Export")).res.body;
    expect(before).not.toContain("Glen Scotia 15");
    await newBottle(t, token, { name: "Glen Scotia 15", abv: 46 });
    const after = await queriesOf("/api/Bottles/Export");
    expect(after.ran.length).toBeGreaterThan(0);
    expect(after.res.body).toContain("Glen Scotia 15");
  });

  it("the CSV keeps its headers: an attachment, never stored, with a byte order mark unless asked not to", async () => {
    const withBom = await t.request({ method: "GET", url: "/api/Bottles/Export" });
    expect(withBom.headers["cache-control"]).toBe("no-store");
    expect(withBom.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(withBom.headers["content-disposition"]).toMatch(
      /^attachment; filename="bottles-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(withBom.body.startsWith("\uFEFF")).toBe(true);
    const without = await t.request({ method: "GET", url: "/api/Bottles/Export?bom=false" });
    expect(without.body.startsWith("\uFEFF")).toBe(false);
    const feed = await t.request({ method: "GET", url: "/calendar.ics" });
    expect(feed.headers["cache-control"]).toBe("no-cache");
    expect(feed.headers["content-type"]).toBe("text/calendar; charset=utf-8");
  });
});

/**
 * An IPv6 client is given a /64 (a home line, a phone, a cloud VM): it can send every request from
 * a new address. The per-address budgets (login, registration, token refresh, reset links: argon2
 * behind most; a guest code's wrong guesses; the live streams) count a /64 as one client, and an
 * IPv4 address as one client however it arrives (also as ::ffff:a.b.c.d on a dual-stack socket).
 */
describe("an IPv6 client is its /64 (and its /56 and /48 hold 4 and 8 clients' budgets)", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { RATE_LIMIT_AUTH_MAX: "3", RATE_LIMIT_WINDOW_SECONDS: "60" } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  /** A POST from `remoteAddress`: a wrong login, or a wrong guest code. */
  const post = (url: string, payload: Record<string, string>) => (remoteAddress: string) =>
    limited.request({ method: "POST", url, payload, remoteAddress });
  // Each wrong login names another account: the per-account back-off is not what is measured here.
  let account = 0;
  const login = (remoteAddress: string) =>
    post("/login", { email: `nobody${++account}@example.com`, password: "wrong-password" })(remoteAddress);
  const join = post("/api/Guests/Join", { code: "ACDEFG", firstName: "Guesser" });

  it("logins from new addresses of one /64 share its budget (argon2 per request otherwise)", async () => {
    for (const host of ["1", "2", "abcd:1", "ffff:ffff:ffff:ffff"])
      expect(
        (await login(`2001:db8:10:20:${host.includes(":") ? host : `0:0:0:${host}`}`)).statusCode,
      ).not.toBe(429);
    // The fourth address of the same /64 (its host part only differs): past the budget of 3.
    const refused = await login("2001:db8:10:20::99");
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(refused.json()).toMatchObject({ error: { code: "TOO_MANY_REQUESTS" } });
    // Another /64 is another client.
    expect((await login("2001:db8:10:21::1")).statusCode).toBe(401);
  });

  it("IPv4 addresses stay one client each, as themselves or mapped into IPv6", async () => {
    for (let i = 0; i < 3; i++) expect((await login("::ffff:203.0.113.5")).statusCode).toBe(401);
    expect((await login("203.0.113.5")).statusCode).toBe(429);
    expect((await login("::ffff:203.0.113.6")).statusCode).toBe(401);
    expect((await login("203.0.113.7")).statusCode).toBe(401);
  });

  it("a guest code's wrong guesses from one /64 share its budget", async () => {
    for (let i = 1; i <= 3; i++) expect((await join(`2001:db8:30:40::${i}`)).statusCode).toBe(404);
    expect((await join("2001:db8:30:40:1:2:3:4")).statusCode).toBe(429);
    expect((await join("2001:db8:30:41::1")).statusCode).toBe(404);
  });

  /**
   * An ISP or a free tunnel broker gives a /56 or a /48: 256 or 65,536 /64s, each a client of its
   * own above, with a budget of its own (a guest code of 25^6 could be tried out within hours from
   * one /48). A /56 has 4 clients' budgets in all and a /48 8 (platform/clientAddress.ts).
   */
  const in48 = (prefix: string, net56: number, host = 1) =>
    `${prefix}:${(net56 * 256 + host).toString(16)}::${host}`;

  it("logins from the /64s of one /56 share 4 clients' budgets, of one /48 8", async () => {
    // One /56 (2001:db8:70:0::/56): four /64s use their 3 each, the fifth /64 is refused.
    for (let net64 = 1; net64 <= 4; net64++)
      for (let i = 0; i < 3; i++)
        expect((await login(`2001:db8:70:${net64}::${i + 1}`)).statusCode).toBe(401);
    expect((await login("2001:db8:70:5::1")).statusCode).toBe(429);
    // A /64 of another /56 of that /48 still has its budget.
    expect((await login("2001:db8:70:100::1")).statusCode).toBe(401);
    // One /48 (2001:db8:80::/48): eight /56s, three logins each, then the ninth /56 is refused.
    for (let net56 = 0; net56 < 8; net56++)
      for (let host = 1; host <= 3; host++)
        expect((await login(in48("2001:db8:80", net56, host))).statusCode).toBe(401);
    expect((await login(in48("2001:db8:80", 8))).statusCode).toBe(429);
    expect((await login("2001:db8:81::1")).statusCode).toBe(401);
  });

  it("a guest code's wrong guesses from the /64s of one /48 share 8 clients' budgets", async () => {
    for (let net56 = 0; net56 < 8; net56++)
      for (let host = 1; host <= 3; host++)
        expect((await join(in48("2001:db8:90", net56, host))).statusCode).toBe(404);
    expect((await join(in48("2001:db8:90", 8))).statusCode).toBe(429);
    expect((await join("2001:db8:91::1")).statusCode).toBe(404);
  });
});

describe("clientAddress: who a client is for the per-address budgets", () => {
  it.each([
    ["203.0.113.5", "203.0.113.5"],
    ["::ffff:203.0.113.5", "203.0.113.5"],
    ["::FFFF:cb00:7105", "203.0.113.5"],
    ["2001:db8:10:20::1", "2001:db8:10:20::/64"],
    ["2001:0db8:0010:0020:ffff:ffff:ffff:ffff", "2001:db8:10:20::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
  ])("%s is %s", (ip, client) => {
    expect(clientAddress(ip)).toBe(client);
  });

  it("an IPv6 client counts against its /56 and /48 too, an IPv4 client against itself alone", () => {
    expect(clientNetworks("2001:db8:10:20ab:1:2:3:4")).toEqual([
      { key: "2001:db8:10:20ab::/64", share: 1 },
      { key: "2001:db8:10:2000::/56", share: 4 },
      { key: "2001:db8:10:0::/48", share: 8 },
    ]);
    expect(clientNetworks("::ffff:203.0.113.5")).toEqual([{ key: "203.0.113.5", share: 1 }]);
    expect(clientNetworks("203.0.113.5")).toEqual([{ key: "203.0.113.5", share: 1 }]);
  });

  it("a visitor's live streams from new addresses of one /64 share its cap", () => {
    const limits = new StreamLimits({ perAddress: 2, perMember: 4, total: 100 });
    expect(limits.take("2001:db8:50:60::1", null)).toHaveProperty("release");
    expect(limits.take("2001:db8:50:60::2", null)).toHaveProperty("release");
    expect(limits.take("2001:db8:50:60:a:b:c:d", null)).toEqual({ refused: "address" });
    expect(limits.take("2001:db8:50:61::1", null)).toHaveProperty("release");
  });

  it("a visitor's live streams from the /64s of one /48 share 8 clients' caps", () => {
    const limits = new StreamLimits({ perAddress: 2, perMember: 4, total: 100 });
    const places = [];
    for (let net56 = 0; net56 < 8; net56++)
      for (const host of [1, 2]) {
        const place = limits.take(`2001:db8:a0:${(net56 * 256 + host).toString(16)}::1`, null);
        expect(place).toHaveProperty("release");
        places.push(place);
      }
    expect(limits.take("2001:db8:a0:801::1", null)).toEqual({ refused: "address" });
    const first = places[0];
    if (first && "release" in first) first.release();
    expect(limits.take("2001:db8:a0:801::1", null)).toHaveProperty("release");
    expect(limits.take("2001:db8:a1::1", null)).toHaveProperty("release");
  });
});

/**
 * A tRPC batch of up to 10 public reads ran its calls one after the other in one turn of the event
 * loop: 10 searches at the word cap (~50 ms each on the stress club) held every other request for
 * ~0.5 s, and one client sending such batches back to back moved a cached read's p95 from 6 to
 * 195 ms. A cached read's miss now waits for a turn of its own (kernel/trpc.ts `cachedReadProcedure`).
 */
describe("a batch of reads lets other requests in between its calls", () => {
  it.each([
    ["the fast path (GET)", "search.bottles", "q", false, {}],
    ["tRPC's own handler (streamed)", "search.bottles", "q", false, { "trpc-accept": "application/jsonl" }],
    ["a member's reads", "search.similar", "name", true, {}],
  ])(
    "%s: each call runs in a turn of the event loop of its own",
    async (how, procedure, field, member, headers) => {
      const calls = 10;
      const input = Object.fromEntries(
        Array.from({ length: calls }, (_, i) => [String(i), { [field]: `batch ${how.length} ${i}` }]),
      );
      const url = `/trpc/${Array(calls).fill(procedure).join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
      // Counts the turns of the event loop while the batch runs: one step per turn.
      let spinning = true;
      const spin = () => {
        turn++;
        if (spinning) setImmediate(spin);
      };
      setImmediate(spin);
      statements.length = 0;
      turnOf.length = 0;
      const res = await t.request({ method: "GET", url, headers, token: member ? token : undefined });
      spinning = false;
      expect(res.statusCode).toBe(200);
      const turns = new Set(turnOf.filter((_, i) => statements[i]!.includes("bottle_search")));
      expect(turns.size).toBeGreaterThanOrEqual(calls);
    },
  );
});

/**
 * The read cache is bounded by READ_CACHE_MB, but it counted 512 bytes of bookkeeping per entry,
 * and a tiny answer (a search that finds nothing: 28 bytes of JSON) under a long key holds ~1,020
 * bytes of heap (measured: 50,000 entries, docs/benchmarks.md): a flood of new searches filled the
 * 64 MB budget with ~100-120 MB of heap. An entry now counts its key and what an entry really costs.
 */
it("the read cache counts what an entry holds: 1 MB keeps no more than ~1,000 tiny answers under long keys", () => {
  const cache = new ReadCache(t.app.deps.db, { enabled: true, maxBytes: 1024 * 1024 });
  for (let i = 0; i < 5000; i++)
    cache.put(
      readKey("search.bottles", { q: `${"x".repeat(180)} ${i}` }),
      { total: 0, items: [] },
      cache.generation,
    );
  expect(cache.size).toBeGreaterThan(500);
  expect(cache.size).toBeLessThanOrEqual(1024);
});
