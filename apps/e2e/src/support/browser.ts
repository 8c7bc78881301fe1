import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { expect } from "vitest";
import { chromiumOf, setAside, takeUp } from "./chromium";
import type { Member } from "./server";

export { CHROME_PATH, launchChromium } from "./chromium";

/** Screenshots go to a temp dir (made on the first one), never into the repository. */
let screenshotDir: string | undefined;

/** A desktop browser window, a session's viewport unless it asks for another. */
export const DESKTOP = { width: 1366, height: 900 };

export interface CspViolation {
  directive: string;
  blockedURI: string;
  sourceFile: string;
  page: string;
}

/** What a page did that tests assert on: CSP violations, uncaught errors, console errors, requests. */
export interface Watch {
  cspViolations: CspViolation[];
  /** Console errors that mention the Content-Security-Policy. */
  cspConsoleErrors: string[];
  pageErrors: string[];
  consoleErrors: string[];
  requests: Request[];
  /** Requests whose URL path is exactly `path` (and method, when given). */
  requestsTo: (path: string, method?: string) => Request[];
  reset: () => void;
}

export interface Session {
  context: BrowserContext;
  page: Page;
  watch: Watch;
  close: () => Promise<void>;
}

export interface SessionOptions {
  colorScheme?: "dark" | "light";
  /** Stored display theme (localStorage `theme`). */
  theme?: "dark" | "light";
  /** Logged in as this member: tokens and email in localStorage before the app starts. */
  as?: Pick<Member, "email" | "accessToken" | "refreshToken"> | null;
  /** Extra localStorage entries set before the app starts. */
  storage?: Record<string, string>;
  /** Only for checks that must see what would run without the CSP (the XSS tests). */
  bypassCSP?: boolean;
  viewport?: { width: number; height: number };
  /**
   * A phone, not a narrow desktop window: touch, and the meta viewport honoured, so content wider
   * than the screen zooms the page out as a phone's browser does (lists flickered otherwise).
   */
  mobile?: boolean;
  /**
   * The installed app: the service worker registers and answers the app's reads. Off by default:
   * a read the worker answers never reaches `page.route`, so a test that fails or slows a read
   * would see the server's real answer (or the worker's kept one) whenever the worker happened to
   * be active in time, a race that failed CI once. Tests of offline use and updates turn it on.
   */
  installedApp?: boolean;
  /**
   * The system's motion preference. "reduce" by default: the app then opens and closes its dialogs,
   * menus and messages without their 150-250 ms animations (the theme's respectReducedMotion), so a
   * test waits for no animation; "no-preference" for a test of the animated screens.
   */
  reducedMotion?: "reduce" | "no-preference";
  /**
   * A context of its own, closed with the session, rather than one a closed session left
   * (openSession): for a test of what a browser does the first time (its HTTP cache cold), or
   * one that adds init scripts to its page.
   */
  fresh?: boolean;
}

/**
 * A browser session on the club: a context and its page, with the options asked for.
 *
 * A session's context and page are kept when it closes and handed to the next session, of this file
 * or of the next one the test worker runs, that asks for the same context-level options (the club's
 * origin, a phone's touch, the CSP, the installed app): a new page costs Chromium a new renderer
 * process, ~0.9 s of CPU against ~0.3 s for another load in a page that has one (docs/benchmarks.md).
 * A worker's clubs share one origin, one after another (support/server.ts), and its
 * files one Chromium (support/chromium.ts). What a test could leave behind is cleared when the next
 * session takes the page (`reset`; its extra pages close with it): its routes and listeners, the
 * offline switch, the origin's cookies and storage of every kind (service workers and caches
 * included), the session storage, the mouse (back at the corner the phantom-pointer script
 * ignores); the next session sets the viewport, the colour scheme, the motion preference and the
 * media type again, and writes its localStorage entries on the club's origin before the test loads
 * its first page. The HTTP cache stays warm, as in a member's browser: every club serves the same
 * build, and its pages and reads are revalidated (no-cache, with ETags of their content).
 * `fresh: true` (and every installed app: its service worker must install) gets a context of its
 * own, closed with the session.
 */
export async function openSession(
  browser: Browser,
  baseUrl: string,
  opts: SessionOptions = {},
): Promise<Session> {
  const fresh = Boolean(opts.fresh || opts.installedApp);
  const key = JSON.stringify([
    baseUrl,
    Boolean(opts.mobile),
    Boolean(opts.bypassCSP),
    Boolean(opts.installedApp),
  ]);
  const slot =
    (fresh ? undefined : await takeIdleSlot(browser, key)) ?? (await newSlot(browser, baseUrl, opts, key));
  const { context, page } = slot;
  slot.watch = newWatch();
  await page.setViewportSize(opts.viewport ?? DESKTOP);
  await page.emulateMedia({
    media: null,
    colorScheme: opts.colorScheme ?? "dark",
    reducedMotion: opts.reducedMotion ?? "reduce",
  });
  page.setDefaultTimeout(10_000);
  page.setDefaultNavigationTimeout(20_000);

  const storage: Record<string, string> = { ...opts.storage };
  if (opts.theme) storage.theme = opts.theme;
  if (opts.as) {
    storage.accessToken = opts.as.accessToken;
    storage.refreshToken = opts.as.refreshToken;
    storage.email = opts.as.email;
  }
  if (Object.keys(storage).length > 0) {
    // Written once, before the test's first page: a later logout, refresh or reload keeps what the
    // app made of them. /healthz is a page of the club's origin that runs no script of the app.
    if (page.url() !== `${baseUrl}/healthz`) await page.goto(`${baseUrl}/healthz`);
    await page.evaluate((entries) => {
      for (const [name, value] of Object.entries(entries)) window.localStorage.setItem(name, value);
    }, storage);
    slot.watch.reset();
  }

  let closed = false;
  return {
    context,
    page,
    watch: slot.watch,
    close: async () => {
      if (closed) return;
      closed = true;
      if (fresh) await context.close();
      else await release(browser, slot);
    },
  };
}

/**
 * Whether the test has loaded nothing in the session's page yet: it is about:blank (a new context
 * with nothing to store) or the club's /healthz (where openSession wrote the storage, or where the
 * last session's page was left to be cleared).
 */
export const nothingLoaded = (page: Page): boolean =>
  page.url() === "about:blank" || new URL(page.url()).pathname === "/healthz";

/** A context and its page, kept between the sessions of a file that ask for the same context. */
interface Slot {
  key: string;
  baseUrl: string;
  context: BrowserContext;
  page: Page;
  /** The watch of the session using the slot now. */
  watch: Watch;
  alive: boolean;
}

/**
 * The idle slots of each Chromium: a test worker's files share one (support/chromium.ts), and a
 * worker's clubs one port (support/server.ts), so a slot a file left fits the next file's sessions.
 */
const idleSlots = new WeakMap<Browser, Slot[]>();
/** Idle slots kept per Chromium; the oldest beyond these close (each holds a renderer process). */
const MAX_IDLE_SLOTS = 6;

async function takeIdleSlot(browser: Browser, key: string): Promise<Slot | undefined> {
  const idle = idleSlots.get(chromiumOf(browser)) ?? [];
  for (;;) {
    const index = idle.findIndex((slot) => slot.key === key && slot.alive && !slot.page.isClosed());
    if (index < 0) return undefined;
    const slot = idle.splice(index, 1)[0]!;
    takeUp(browser, slot.context);
    if (await reset(slot)) return slot;
  }
}

async function newSlot(browser: Browser, baseUrl: string, opts: SessionOptions, key: string): Promise<Slot> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    colorScheme: opts.colorScheme ?? "dark",
    viewport: opts.viewport ?? DESKTOP,
    ...(opts.mobile ? { isMobile: true, hasTouch: true } : {}),
    bypassCSP: opts.bypassCSP ?? false,
    locale: "en-US",
    timezoneId: "UTC",
    serviceWorkers: opts.installedApp ? "allow" : "block",
    reducedMotion: opts.reducedMotion ?? "reduce",
  });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(20_000);
  const slot: Slot = {
    key,
    baseUrl,
    context,
    page: undefined as unknown as Page,
    watch: newWatch(),
    alive: true,
  };
  context.once("close", () => (slot.alive = false));
  // Chromium's headless shell (support/chromium.ts) has a mouse pointer resting on the page's top
  // left corner: every page load fires pointerover, mouseover and pointermove there, which a page
  // would take for a person's pointer. The full browser has no pointer until a test moves one, nor
  // has a phone. Those events, at exactly (0, 0) with no button down (a test's hover or click aims at
  // an element's middle), stop here, before the page's own listeners.
  await context.addInitScript(() => {
    const phantom = (event: MouseEvent) => {
      if (event.clientX === 0 && event.clientY === 0 && event.buttons === 0) event.stopImmediatePropagation();
    };
    for (const type of [
      "pointerover",
      "pointerenter",
      "pointermove",
      "mouseover",
      "mouseenter",
      "mousemove",
    ]) {
      window.addEventListener(type, phantom as EventListener, true);
    }
  });
  if (!opts.installedApp) {
    // Playwright's "block" makes register() resolve to undefined, which no browser does: the app's
    // Workbox then throws and logs "Service worker registration failed" 2 s after the app started,
    // failing a test that checks the console once it runs past those 2 s. A registration that never
    // completes (the worker still downloading) is one a browser can give.
    await context.addInitScript(() => {
      if (self.ServiceWorkerContainer)
        ServiceWorkerContainer.prototype.register = () => new Promise(() => undefined);
    });
  }

  // securitypolicyviolation events, reported through a binding (bindings are not subject to the CSP).
  await context.exposeBinding("__e2eReportCsp", ({ page }, v: Omit<CspViolation, "page">) => {
    slot.watch.cspViolations.push({ ...v, page: page.url() });
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __e2eReportCsp?: (v: unknown) => void }).__e2eReportCsp;
      report?.({
        directive: event.violatedDirective,
        blockedURI: event.blockedURI,
        sourceFile: event.sourceFile,
      });
    });
  });

  slot.page = await context.newPage();
  listen(slot);
  return slot;
}

/** The harness's own listeners: what the page does goes to the watch of the session using the slot. */
function listen(slot: Slot): void {
  slot.page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    slot.watch.consoleErrors.push(text);
    if (/Content[- ]Security[- ]Policy/i.test(text)) slot.watch.cspConsoleErrors.push(text);
  });
  slot.page.on("pageerror", (error) => slot.watch.pageErrors.push(String(error)));
  slot.context.on("request", (request) => slot.watch.requests.push(request));
}

/**
 * A closed session's slot waits for the next session that fits (see openSession), its page off
 * the app at once: the app's live streams, timers and tokens must not go on talking to the club
 * during another test.
 */
async function release(browser: Browser, slot: Slot): Promise<void> {
  try {
    if (!slot.alive || slot.page.isClosed()) throw new Error("closed");
    for (const other of slot.context.pages()) if (other !== slot.page) await other.close();
    await slot.page.goto(`${slot.baseUrl}/healthz`);
  } catch {
    slot.alive = false;
    await slot.context.close().catch(() => undefined);
    return;
  }
  const chromium = chromiumOf(browser);
  const idle = idleSlots.get(chromium) ?? [];
  setAside(slot.context);
  idle.push(slot);
  idleSlots.set(chromium, idle);
  for (const oldest of idle.splice(0, Math.max(0, idle.length - MAX_IDLE_SLOTS))) {
    oldest.alive = false;
    await oldest.context.close().catch(() => undefined);
  }
}

/**
 * Clears what the last session left in an idle slot, when a new session takes it (a slot nobody
 * takes costs nothing more). Resolves to false, and closes the context, when that cannot be done.
 */
async function reset(slot: Slot): Promise<boolean> {
  const { context, page, baseUrl } = slot;
  try {
    page.removeAllListeners();
    context.removeAllListeners("request");
    context.removeAllListeners("page");
    context.removeAllListeners("response");
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await context.unrouteAll({ behavior: "ignoreErrors" });
    await context.setOffline(false);
    for (const other of context.pages()) if (other !== page) await other.close();
    await page.mouse.move(0, 0);
    // Still on the club's /healthz, where release left it: the origin to clear.
    if (page.url() !== `${baseUrl}/healthz`) await page.goto(`${baseUrl}/healthz`);
    await page.evaluate(() => window.sessionStorage.clear());
    const cdp = await context.newCDPSession(page);
    await cdp.send("Storage.clearDataForOrigin", { origin: new URL(baseUrl).origin, storageTypes: "all" });
    await cdp.detach();
    await context.clearCookies();
    listen(slot);
    return true;
  } catch {
    slot.alive = false;
    await context.close().catch(() => undefined);
    return false;
  }
}

function newWatch(): Watch {
  const watch: Watch = {
    cspViolations: [],
    cspConsoleErrors: [],
    pageErrors: [],
    consoleErrors: [],
    requests: [],
    requestsTo: (path, method) =>
      watch.requests.filter(
        (r) => new URL(r.url()).pathname === path && (method === undefined || r.method() === method),
      ),
    reset: () => {
      watch.cspViolations.length = 0;
      watch.cspConsoleErrors.length = 0;
      watch.pageErrors.length = 0;
      watch.consoleErrors.length = 0;
      watch.requests.length = 0;
    },
  };
  return watch;
}

/** The page has finished its first load: the app shell is there and no spinner is left. */
export async function settle(page: Page): Promise<void> {
  await appInCharge(page);
  await page.getByRole("banner").first().waitFor();
  await page.getByRole("main").first().waitFor();
  await page.getByRole("status", { name: "Loading" }).first().waitFor({ state: "detached", timeout: 15_000 });
}

/**
 * Waits until the app has hydrated what the server prerendered into the page (the public pages'
 * first screens): the app starts on every page by itself.
 */
export async function appInCharge(page: Page): Promise<void> {
  await page.locator("#root[data-prerendered]").waitFor({ state: "detached", timeout: 15_000 });
}

/** Navigates and waits for the screen to load. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settle(page);
}

/**
 * Moves the app already on the page to `path`, as its own links do (the router follows the
 * history): no page load. For a member's later screens a page load would only bring the app's
 * shell again (the server renders first screens for visitors), at 1.2-1.6 s of Chromium's CPU.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

/** openInApp, then waits for the screen to load (as `visit` does after a page load). */
export async function visitInApp(page: Page, path: string): Promise<void> {
  await openInApp(page, path);
  await settle(page);
}

/** Fails with the violations listed when the page broke its CSP. */
export function expectNoCspViolations(watch: Watch, where: string): void {
  expect(watch.cspViolations, `CSP violations on ${where}`).toEqual([]);
  expect(watch.cspConsoleErrors, `CSP console errors on ${where}`).toEqual([]);
}

/** Fails on any uncaught exception in the page. */
export function expectNoPageErrors(watch: Watch, where: string): void {
  expect(watch.pageErrors, `uncaught errors on ${where}`).toEqual([]);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  screenshotDir ??= mkdtempSync(join(tmpdir(), "club-e2e-shots-"));
  const path = join(screenshotDir, `${name.replace(/[^a-z0-9-]+/gi, "_")}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * An afterEach hook: when a test failed, a full-page screenshot of the page it left, and where it
 * was, on stderr. `page` is read when the hook runs (tests set it in beforeAll).
 */
export function screenshotOnFailure(label: string, page: () => Page | undefined) {
  return async (context: { task: { name: string; result?: { state?: string } } }) => {
    const current = page();
    if (context.task.result?.state !== "fail" || !current) return;
    const file = await screenshot(current, `${label} ${context.task.name.slice(0, 40)}`).catch(() => "none");
    console.error(`[${context.task.name}] at ${current.url()}, screenshot ${file}`);
  };
}

/** The `data-mantine-color-scheme` on <html>: the display theme actually applied. */
export const appliedScheme = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute("data-mantine-color-scheme"));

/** The app's entry script: a test that blocks it sees only what the server put in the page. */
export const APP_CODE = /\/assets\/index-[^/]+\.js$/;
