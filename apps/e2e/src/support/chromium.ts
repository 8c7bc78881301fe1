import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext } from "playwright-core";

/** Debian's Chromium (apt-get install chromium). Never `npx playwright install`. */
export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/**
 * What the tests drive: Debian's headless shell of the same Chromium (apt-get install
 * chromium-headless-shell: the same Blink and V8 without the desktop browser around them, what
 * Playwright itself runs headless) when it is installed, else the full browser. A page load cost
 * the full browser 3.5-4.6 s of CPU and the shell 1.2-1.6 s (its browser and GPU processes do
 * little), and Chromium was ~80 % of the browser tests' CPU (docs/benchmarks.md).
 * CHROME_PATH chooses either. The benches keep the full browser (what a member runs).
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const TEST_CHROME_PATH =
  process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/** The flags every Chromium we start gets: headless-friendly, no background traffic. */
export const CHROME_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * And in the tests only: V8 without background threads (`--single-threaded`: its garbage collector
 * and compilers work on the page's own thread). A test page lives for seconds on a machine whose two
 * cores the suite keeps busy, where the helper threads' hand-offs cost more than they save: 5-14 %
 * less of Chromium's and the tests' CPU in interleaved runs of the same files (docs/benchmarks.md).
 * And no optimizing compilers (`--no-maglev --no-turbofan`: the page's code runs
 * interpreted or as baseline code): a test page seldom runs long enough to repay an optimizing
 * compile, and the whole suite took 3-4 % less CPU with them off, measured as two runs at once on
 * the same machine (docs/benchmarks.md). What a page does is the same; the benches keep V8 as a member's
 * browser runs it.
 */
const TEST_CHROME_FLAGS = [...CHROME_FLAGS, "--js-flags=--single-threaded --no-maglev --no-turbofan"];

const launch = (executablePath = CHROME_PATH, args = CHROME_FLAGS) =>
  chromium.launch({ executablePath, headless: true, args });

/** The test worker's one Chromium (vitest keeps a worker's modules from file to file). */
let shared: Promise<Browser> | undefined;

/**
 * Debian's Chromium, headless: in the tests its headless shell when installed (TEST_CHROME_PATH),
 * in the benchmarks the full browser (CHROME_PATH).
 *
 * In a vitest worker, every file gets the worker's one Chromium (launching and closing one took
 * 2-3 s of a file on the 2-core machine): what a file holds is a handle whose `close()` closes the
 * contexts opened through it, never the browser. A context whose session closed is set aside,
 * cleared, for the next session that fits, perhaps the next file's (support/browser.ts); every other
 * context is the file's own. A Chromium that died is launched again for the next file.
 * Outside vitest (the benches) it is a Chromium of one's own, as before.
 */
export async function launchChromium(): Promise<Browser> {
  if (!process.env.VITEST) return launch();
  let browser = await (shared ??= launch(TEST_CHROME_PATH, TEST_CHROME_FLAGS));
  if (!browser.isConnected()) {
    shared = launch(TEST_CHROME_PATH, TEST_CHROME_FLAGS);
    browser = await shared;
  }
  return fileHandle(browser);
}

/**
 * The full Chromium of one's own (CHROME_PATH), for a test of what the headless shell lacks: it
 * has no notifications (their permission is always denied). The file closes it.
 */
export const launchFullChromium = (): Promise<Browser> => launch(CHROME_PATH, TEST_CHROME_FLAGS);

/** The worker's Chromium behind each file's handle. */
const chromiumOfHandle = new WeakMap<
  Browser,
  { chromium: Browser; adopt: (context: BrowserContext) => void }
>();
/** Contexts set aside by a closed session for the next session that fits (support/browser.ts). */
const setAsideContexts = new WeakSet<BrowserContext>();

/** The worker's one Chromium behind a file's handle (outside vitest, the browser itself). */
export const chromiumOf = (browser: Browser): Browser => chromiumOfHandle.get(browser)?.chromium ?? browser;

/** A context waiting for a later session, maybe of the next file: the file's close() leaves it open. */
export const setAside = (context: BrowserContext): void => void setAsideContexts.add(context);

/** A context set aside, taken by a session of the file holding `browser`: closed with that file. */
export function takeUp(browser: Browser, context: BrowserContext): void {
  setAsideContexts.delete(context);
  chromiumOfHandle.get(browser)?.adopt(context);
}

/**
 * A file's view of the shared browser: its own contexts, closed by its `close()` but for those
 * set aside for a later session.
 */
function fileHandle(browser: Browser): Browser {
  const contexts = new Set<BrowserContext>();
  const keep = (context: BrowserContext) => {
    if (contexts.has(context)) return context;
    contexts.add(context);
    context.once("close", () => contexts.delete(context));
    return context;
  };
  const handle = new Proxy(browser, {
    get(target, prop) {
      if (prop === "newContext") {
        return async (...args: Parameters<Browser["newContext"]>) => keep(await target.newContext(...args));
      }
      if (prop === "newPage") {
        return async (...args: Parameters<Browser["newPage"]>) => {
          const page = await target.newPage(...args);
          keep(page.context());
          return page;
        };
      }
      if (prop === "contexts") return () => [...contexts];
      if (prop === "close") {
        return async () => {
          const closing = [...contexts].filter((context) => !setAsideContexts.has(context));
          contexts.clear();
          await Promise.all(closing.map((context) => context.close().catch(() => undefined)));
        };
      }
      const value: unknown = Reflect.get(target, prop);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  chromiumOfHandle.set(handle, { chromium: browser, adopt: keep });
  return handle;
}
