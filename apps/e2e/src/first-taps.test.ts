import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import {
  expectNoPageErrors,
  launchChromium,
  openSession,
  type Session,
  type SessionOptions,
} from "./support/browser";
import { DESKTOP, PHONE } from "./support/harness";
import { startClub, type Club } from "./support/server";

/**
 * A visitor's first tap works, at once: each public page opened cold, every control it offers
 * found by its role (buttons, links, selects, fields: not a list kept by hand), and each tapped on
 * its centre as the page's first interaction, on a phone and on a desktop. Each does what it says
 * (a link goes where it points, a button that opens something opens it, the theme toggle changes
 * the theme, a select's choice changes the page, a field keeps what is typed into it), and the page
 * throws no error. The rows of a table after its first are the same controls again: the first row's
 * stand for them.
 */

/** The roles a person taps or types into. */
const ROLES = [
  "button",
  "link",
  "combobox",
  "listbox",
  "textbox",
  "searchbox",
  "spinbutton",
  "checkbox",
  "radio",
  "switch",
  "slider",
  "tab",
] as const;
type Role = (typeof ROLES)[number];

/** One control of a page, as found there: the nth element of its role that can be tapped. */
interface Control {
  role: Role;
  nth: number;
  /** What the page says it is (its accessible name, as far as the markup says it), for messages. */
  name: string;
  tag: string;
  href: string | null;
  target: string | null;
  expanded: string | null;
  popup: string | null;
  /** A native <select>'s options' values, the selected one first. */
  options: string[];
}

/** The state a control's effect shows in: compared before and after the tap. */
interface PageState {
  url: string;
  scheme: string | null;
  /** Dialogs, menus and listboxes on view. */
  opened: number;
  /** Every aria-expanded, aria-pressed, aria-sort, aria-checked and aria-selected in the page. */
  states: string;
  /** The page's language (the footer's language switcher changes it). */
  lang: string;
}

const pageState = (page: Page): Promise<PageState> =>
  page.evaluate(() => {
    const visible = (el: Element) => el instanceof HTMLElement && el.checkVisibility();
    return {
      url: location.pathname + location.search,
      scheme: document.documentElement.getAttribute("data-mantine-color-scheme"),
      lang: document.documentElement.lang,
      opened: [
        ...document.querySelectorAll('[role="dialog"], dialog, [role="menu"], [role="listbox"]'),
      ].filter(visible).length,
      states: [
        ...document.querySelectorAll(
          "[aria-expanded], [aria-pressed], [aria-sort], [aria-checked], [aria-selected]",
        ),
      ]
        .filter(visible)
        .map((el) =>
          ["aria-expanded", "aria-pressed", "aria-sort", "aria-checked", "aria-selected"]
            .map((a) => el.getAttribute(a) ?? "")
            .join(","),
        )
        .join(";"),
    };
  });

/**
 * The page's controls a person can tap: on view once scrolled to (what is at their centre is them),
 * not disabled; of a table's body, its first row's only. `shared` are the header's links already
 * tried on another page (the same links on every page): left out.
 */
async function controlsOf(page: Page, shared: Set<string>): Promise<Control[]> {
  const found: Control[] = [];
  for (const role of ROLES) {
    const all = await page.getByRole(role).evaluateAll((elements) =>
      elements.map((el) => {
        const html = el as HTMLElement;
        const row = el.closest("tbody > tr");
        html.scrollIntoView({ block: "center", inline: "center" });
        const rect = el.getBoundingClientRect();
        const atCentre = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        const select = el instanceof HTMLSelectElement ? el : null;
        const labelledBy = el.getAttribute("aria-labelledby");
        const name = (
          el.getAttribute("aria-label") ??
          (labelledBy ? document.getElementById(labelledBy)?.innerText : null) ??
          (html.innerText.trim() || el.getAttribute("title") || el.getAttribute("placeholder") || "")
        )
          .replace(/\s+/g, " ")
          .trim();
        return {
          tappable:
            html.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
            rect.width >= 4 &&
            rect.height >= 4 &&
            atCentre !== null &&
            (el === atCentre || el.contains(atCentre)) &&
            !html.matches(":disabled, [aria-disabled='true']") &&
            !(row && row.parentElement?.firstElementChild !== row),
          inBanner: el.closest("header") !== null,
          name,
          tag: el.localName,
          href: el.getAttribute("href"),
          target: el.getAttribute("target"),
          expanded: el.getAttribute("aria-expanded"),
          popup: el.getAttribute("aria-haspopup"),
          options: select
            ? [select.value, ...[...select.options].map((o) => o.value).filter((v) => v !== select.value)]
            : [],
        };
      }),
    );
    all.forEach(({ tappable, inBanner, ...control }, nth) => {
      const key = `${role} ${control.name} ${control.href}`;
      if (!tappable || (inBanner && role === "link" && shared.has(key))) return;
      if (inBanner && role === "link") shared.add(key);
      found.push({ role, nth, ...control });
    });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return found;
}

/** Taps (phone) or clicks (desktop) the control's centre, as its page's first interaction. */
async function tap(control: Locator, phone: boolean): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  if (phone) await control.tap();
  else await control.click();
}

const described = (c: Control) => `${c.role} "${c.name}"${c.href ? ` (${c.href})` : ""}`;

/** Waits until the page shows the control's effect; fails with what it shows instead. */
async function expectEffect(
  page: Page,
  control: Control,
  element: Locator,
  before: PageState,
  download: Promise<unknown>,
) {
  const what = described(control);
  const poll = <T>(read: () => Promise<T>) => expect.poll(read, { message: what, timeout: 10_000 });
  if (control.role === "link" && control.href) {
    const to = new URL(control.href, page.url());
    if (to.pathname.startsWith("/api/")) {
      // A file of the club's (an export, a calendar): it downloads.
      await download;
      return;
    }
    if (control.target === "_blank" || to.origin !== new URL(page.url()).origin) {
      // Another site's page: the link points there and opens it in a tab of its own (not followed here).
      expect(control.target, what).toBe("_blank");
      return;
    }
    await poll(async () => {
      const now = new URL(page.url());
      return now.pathname + now.search + now.hash;
    }).toBe(to.pathname + to.search + to.hash);
    // The page it leads to shows.
    await page.getByRole("main").waitFor();
    return;
  }
  if (control.tag === "select") {
    // The first tap opens the choices; the visitor picks the next one: the page follows the choice.
    const choice = control.options[1];
    expect(choice, `${what} has a choice to make`).toBeDefined();
    await element.selectOption(choice!);
    // The choice shown and its effect: a change made while the page hydrates is handled once it
    // has (the language's catalogue loaded, the list sorted), not at once; the app's own state
    // changes as it starts are not the effect.
    await poll(async () => {
      const now = await pageState(page);
      const changed = now.url !== before.url || now.states !== before.states || now.lang !== before.lang;
      return changed && (await element.inputValue()) === choice;
    }).toBe(true);
    // The language chosen stays with the browser (a cookie): the next page is a first visit again.
    await page.context().clearCookies({ name: "club_lang" });
    return;
  }
  if (["textbox", "searchbox", "spinbutton"].includes(control.role) && control.popup !== "listbox") {
    const text = control.role === "spinbutton" ? "42" : "ab";
    await page.keyboard.type(text);
    await poll(() => element.evaluate((el) => el === document.activeElement)).toBe(true);
    // Kept once the app is in charge too.
    await page.locator("#root[data-prerendered]").waitFor({ state: "detached", timeout: 15_000 });
    await poll(() => element.inputValue()).toContain(text);
    await poll(() => element.evaluate((el) => el === document.activeElement)).toBe(true);
    return;
  }
  if (/^(Light|Dark) Mode$/.test(control.name)) {
    const other = before.scheme === "dark" ? "light" : "dark";
    await poll(async () => (await pageState(page)).scheme).toBe(other);
    await poll(() =>
      page
        .getByRole("button", { name: other === "dark" ? "Light Mode" : "Dark Mode", exact: true })
        .isVisible(),
    ).toBe(true);
    return;
  }
  // Any other control: something opens, or its state or the page's address changes.
  await poll(async () => {
    const now = await pageState(page);
    return now.url !== before.url || now.opened > before.opened || now.states !== before.states;
  }).toBe(true);
}

describe("a visitor's first tap on each public page works at once", () => {
  let club: Club;
  let browser: Browser;
  const sessions: Session[] = [];
  let pages: string[] = [];

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    const bottles = await club.apiOk<{ items: { id: number }[] }>("GET", "/api/Bottles/Search");
    const meetings = await club.apiOk<{ id: number }[]>(
      "GET",
      "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames",
    );
    pages = [
      "/",
      "/library-bottles",
      "/theme-ideas",
      `/bottle/${bottles.items[0]!.id}`,
      `/monthlymeeting/${meetings[0]!.id}`,
      "/about",
    ];
  });
  afterAll(async () => {
    for (const s of sessions) await s.close();
    await browser?.close();
    await club?.close();
  });

  const open = async (opts: SessionOptions) => {
    const s = await openSession(browser, club.baseUrl, opts);
    sessions.push(s);
    return s;
  };

  for (const device of ["phone", "desktop"] as const)
    it(
      `every control of every public page, tapped first, does what it says (${device})`,
      { timeout: 600_000 },
      async () => {
        const phone = device === "phone";
        const s = await open(
          phone ? { viewport: PHONE, mobile: true, theme: "light" } : { viewport: DESKTOP },
        );
        const failures: string[] = [];
        const shared = new Set<string>();
        for (const path of pages) {
          await s.page.goto(path, { waitUntil: "load" });
          const controls = await controlsOf(s.page, shared);
          if (process.env.FIRST_TAPS_LIST) console.log(path, device, controls.map(described));
          expect(controls.length, path).toBeGreaterThanOrEqual(2);
          for (const control of controls) {
            s.watch.reset();
            // A cold load of the page each time: the tap is its first interaction.
            await s.page.goto(path, { waitUntil: "load" });
            const element = s.page.getByRole(control.role).nth(control.nth);
            const before = await pageState(s.page);
            const download = s.page.waitForEvent("download", { timeout: 10_000 });
            download.catch(() => undefined);
            try {
              await tap(element, phone);
              await expectEffect(s.page, control, element, before, download);
              expectNoPageErrors(s.watch, `${path}: ${described(control)}`);
            } catch (error) {
              failures.push(`${path}: ${described(control)}: ${String(error).split("\n")[0]}`);
            }
          }
        }
        expect(failures).toEqual([]);
      },
    );
});
