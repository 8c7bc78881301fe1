import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

/**
 * Cases per endpoint: 10 in `npm test` (about 130 endpoints over REST and tRPC: the suite's
 * time; fast-check draws a new seed each run, so CI runs add up to new cases), more with FUZZ_RUNS
 * (`npm run fuzz` uses 2000, the thorough run). Every run starts with the endpoint's valid call
 * (`examples`), so even a short one reaches past validation.
 */
export const FUZZ_RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 10) || 10);
/**
 * A per-endpoint test timeout that grows with FUZZ_RUNS: argon2 makes login cases ~30 ms; most
 * endpoints take 1-3 s for 25 cases. (A backup of the database the fuzzing has grown takes more
 * than 1 s: see fuzzParams.)
 */
export const FUZZ_TIMEOUT_MS = 30_000 + FUZZ_RUNS * 400;
/**
 * FUZZ_SEED reproduces a run; fast-check prints the seed and the counterexample on failure. A run
 * stops itself before the test's timeout (a property vitest had given up on kept sending requests,
 * and the next endpoints' "refusals change nothing" saw its writes) and passes with the cases it
 * made: an endpoint whose accepted call is slow (a backup of the database the fuzzing has grown
 * took more than 1 s at 200 cases) gets fewer than FUZZ_RUNS in the thorough run. A hung request
 * still fails: its test waits for the case in flight (`settling`) until the test's timeout.
 */
export const fuzzParams = (): fc.Parameters<unknown> => ({
  numRuns: FUZZ_RUNS,
  ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
  endOnFailure: true,
  interruptAfterTimeLimit: FUZZ_TIMEOUT_MS - 10_000,
});

/** encodeURIComponent that survives lone surrogates (they become U+FFFD). */
export const enc = (s: string) =>
  encodeURIComponent(
    s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"),
  );

/**
 * fast-check's `unit: "binary"` (any code point but the surrogates) with the same values drawn in
 * the same order, and a cheap way back from a character to its draw. fast-check's own unit finds
 * that by building a Map of all 1.1 million characters the first time a string arbitrary is made
 * (it checks its built-in "dangerous strings" against the unit): 4-10 s of CPU in every test worker
 * that imported this file. `fc.string({ unit: binaryUnit })` generates and
 * shrinks exactly as `fc.string({ unit: "binary" })` (arbitraries.test.ts compares them).
 */
const SURROGATES = 0xe000 - 0xd800;
export const binaryUnit: fc.Arbitrary<string> = fc.nat({ max: 0x10ffff - SURROGATES }).map(
  (index) => String.fromCodePoint(index < 0xd800 ? index : index + SURROGATES),
  (value) => {
    const codePoint = typeof value === "string" ? value.codePointAt(0) : undefined;
    if (
      codePoint === undefined ||
      String.fromCodePoint(codePoint) !== value ||
      (codePoint >= 0xd800 && codePoint < 0xe000)
    )
      throw new Error("not a character of the binary unit");
    return codePoint < 0xd800 ? codePoint : codePoint - SURROGATES;
  },
);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\t\n",
    "0",
    "-1",
    "1.5",
    "1e309",
    "NaN",
    "Infinity",
    "-Infinity",
    "null",
    "undefined",
    "true",
    "0x10",
    "١٢",
    "２",
    "2024-02-30",
    "2024-13-01",
    "0000-00-00",
    "9999-12-31",
    "+275760-09-13",
    "2024-01-01T00:00:00Z",
    "2024-01-01T25:61:00Z",
    "2024-01-01Tgarbage",
    "2024-01-01 extra",
    "Peat\u200bWeek",
    "\u200b\u200b",
    "Peat\r\nWeek",
    "\u202eKeew",
    "2024-05-10",
    "javascript:alert(1)",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "..\\..\\boot.ini",
    "%00",
    "\u0000",
    "\ud800",
    "\uffff",
    "🥃🥃🥃",
    "e\u0301",
    "'; DROP TABLE bottles; --",
    '" OR 1=1 --',
    "__proto__",
    "constructor",
    "${7*7}",
    "{{7*7}}",
    "a".repeat(201),
    "b".repeat(2001),
    "c".repeat(20_000),
    "https://ok.example/x",
    "http://",
    "mailto:a@b.c",
    "user@example.com",
    " USER@EXAMPLE.COM ",
    "a@b",
    "thé@exämple.com",
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: binaryUnit, maxLength: 40 }),
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    1,
    2,
    3,
    -1,
    0.5,
    1.5,
    99.999,
    100,
    100.0001,
    -0.0001,
    2 ** 31 - 1,
    2 ** 31,
    2 ** 32,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    1e21,
    1e308,
    -1e308,
    5e-324,
    1e-9,
    0.001,
    Number.MAX_VALUE,
    Number.MIN_SAFE_INTEGER,
  ),
  fc.integer(),
  // JSON cannot carry NaN or ±Infinity (they become null); raw bodies below send them as text.
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const hostileKey = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "prototype", "id", "bottleId", "", "toString", "0"),
  fc.string({ maxLength: 10 }),
);

export const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
);

/** Any JSON value, biased to hostile leaves, with nested arrays and objects. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileScalar,
    hostileScalar,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** Raw body text: malformed JSON, JSON5-isms, prototype pollution, deep nesting, binary. */
export const rawBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "{",
    "}",
    "[",
    "null",
    "true",
    "1",
    '"str"',
    "NaN",
    "Infinity",
    '{"a":NaN}',
    '{"bottleId":1e999}',
    '{"abv":-Infinity}',
    "{'single': 1}",
    '{"a":1,}',
    "\u0000",
    "\ufeff{}",
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    `${"[".repeat(30_000)}${"]".repeat(30_000)}`,
    `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`,
    '{"id":1}{"id":2}',
    "0".repeat(1000),
  ),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: binaryUnit, maxLength: 200 }),
  fc.jsonValue().map((v) => JSON.stringify(v) ?? "null"),
);

export const contentType = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=latin1",
  "APPLICATION/JSON",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "multipart/form-data",
  "application/xml",
  "application/octet-stream",
  "",
  "application/json, text/html",
  undefined,
);

/** A path segment: encoded hostile text, or raw bytes a URL should not contain. */
export const hostileSegment: fc.Arbitrary<{ raw: boolean; value: string }> = fc.oneof(
  hostileString.map((value) => ({ raw: false, value })),
  hostileNumber.map((n) => ({ raw: false, value: String(n) })),
  fc
    .constantFrom(
      "%",
      "%zz",
      "%E0%A4%A",
      "%00",
      "..",
      ".",
      "%2e%2e",
      "%2F",
      "1;x=2",
      "1%3Bx",
      "%C0%AF",
      "%FF%FE",
    )
    .map((value) => ({ raw: true, value })),
);

/** A query string: known keys and hostile ones, repeated keys, broken escapes. */
export function queryString(keys: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    fc.constantFrom(...keys, "input", "batch", "__proto__", "a[b]"),
    fc.string({ maxLength: 8 }),
  );
  const pair = fc
    .tuple(key, fc.oneof(hostileString, hostileNumber.map(String)), fc.boolean())
    .map(([k, v, raw]) => (raw ? `${k}=${v.replace(/[\s#]/g, "")}` : `${enc(k)}=${enc(v)}`));
  return fc.oneof(
    fc.array(pair, { maxLength: 5 }).map((pairs) => pairs.join("&")),
    fc.constantFrom("", "&", "&&&", "=", "==", "%", "%zz", "a=%E0%A4%A", "a=1&a=2&a=3", "x".repeat(3000)),
  );
}

/** A body change relative to a well-formed body. */
export type BodyOp =
  | { op: "set"; key: number; value: unknown }
  | { op: "delete"; key: number }
  | { op: "add"; name: string; value: unknown };

export const bodyOps: fc.Arbitrary<BodyOp[]> = fc.array(
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({ op: fc.constant("set" as const), key: fc.nat(), value: hostileValue }),
    },
    { weight: 2, arbitrary: fc.record({ op: fc.constant("delete" as const), key: fc.nat() }) },
    {
      weight: 1,
      arbitrary: fc.record({ op: fc.constant("add" as const), name: hostileKey, value: hostileValue }),
    },
  ),
  { minLength: 1, maxLength: 3 },
);

export function applyOps(base: unknown, ops: BodyOp[]): unknown {
  if (base === null || typeof base !== "object" || Array.isArray(base)) return base;
  const body: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const op of ops) {
    const keys = Object.keys(body);
    if (op.op === "add")
      Object.defineProperty(body, op.name, {
        value: op.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else if (keys.length === 0) continue;
    else if (op.op === "set") body[keys[op.key % keys.length] as string] = op.value;
    else delete body[keys[op.key % keys.length] as string];
  }
  return body;
}

export type Who = "member" | "visitor" | "garbage";
export const who: fc.Arbitrary<Who> = fc.oneof(
  { weight: 7, arbitrary: fc.constant("member" as const) },
  { weight: 1, arbitrary: fc.constant("visitor" as const) },
  { weight: 1, arbitrary: fc.constant("garbage" as const) },
);

const STACK_FRAME = /\n\s+at .+:\d+:\d+/;

/** The contract every answer must keep: never a 5xx, errors are JSON, no stack traces. */
export function expectSaneAnswer(
  res: LightMyRequestResponse,
  describe: string,
  shape: "rest" | "trpc",
): void {
  const context = `${describe}\n-> ${res.statusCode} ${res.body.slice(0, 500)}`;
  expect(res.statusCode, context).toBeLessThan(500);
  expect(res.body, context).not.toMatch(STACK_FRAME);
  if (res.statusCode < 400) return;
  const type = String(res.headers["content-type"] ?? "");
  const restError = { error: { code: expect.any(String), message: expect.any(String) } };
  if (shape === "rest") {
    expect(type, context).toMatch(/^application\/json/);
    expect(res.json(), context).toMatchObject(restError);
    return;
  }
  // tRPC's own errors; Fastify's transport-level refusals (415 for a non-JSON body) keep the REST
  // shape. tRPC sends a few of its errors (e.g. "Missing content-type header") as text/plain JSON.
  expect(type, context).toMatch(/^(application\/json|text\/plain)/);
  const body = res.json<unknown>();
  const items = Array.isArray(body) ? body : [body];
  for (const item of items) {
    if ((item as { result?: unknown }).result !== undefined) continue;
    const isTrpc = typeof (item as { error?: { code?: unknown } }).error?.code === "number";
    expect(item, context).toMatchObject(
      isTrpc
        ? {
            error: {
              message: expect.any(String),
              code: expect.any(Number),
              data: { code: expect.any(String) },
            },
          }
        : restError,
    );
  }
}

/**
 * A property's case function, each case followed to its end: when fast-check stops a run (its time
 * limit, a failure), it stops waiting for the case in flight, which goes on sending requests; the
 * next endpoint's "refusals change nothing" saw its writes. `await settled()` after the run.
 */
export function settling<T>(run: (plan: T) => Promise<void>) {
  let last: Promise<unknown> = Promise.resolve();
  return {
    run: (plan: T) => {
      const going = run(plan);
      last = going.catch(() => undefined);
      return going;
    },
    settled: () => last,
  };
}
