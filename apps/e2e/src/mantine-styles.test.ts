import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { expectNoPageErrors, launchChromium, openSession, visit, type Session } from "./support/browser";
import { closeInOrder, PHONE } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club } from "./support/server";
import { shows } from "./support/ui";

/**
 * Found on a phone walk: the app loads Mantine's styles component by component (src/styles.ts),
 * and a component drawn with another's parts needs that one's styles too. SegmentedControl draws
 * its pressed answer with FloatingIndicator, whose stylesheet no screen loaded: the highlight sat
 * 4 px right of and below the answer, and stuck out of the control on the last one (a member's
 * "Your answer", the dues opening). Also unstyled: the chevron of a NativeSelect (Activity,
 * Members), the paper page's number inputs, the dues rules' list and the backups' code. And the
 * light variant's text of the colours the app passes to `color=` (a new one belongs in the list)
 * reads at AA contrast in both schemes.
 */
describe("every Mantine part on a screen has its styles", () => {
  let club: Club;
  let browser: Browser;
  let session: Session;
  let page: Page;

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    browser = await launchChromium();
    session = await openSession(browser, club.baseUrl, {
      as: await club.tokensFor(DEMO_LOGIN.email),
      viewport: PHONE,
      mobile: true,
      theme: "light",
    });
    page = session.page;
  });
  afterAll(() => closeInOrder(session, browser, club));

  /** The Mantine classes (m_xxxxxxxx) of the page's elements that no loaded stylesheet has a rule for. */
  const unstyled = () =>
    page.evaluate(() => {
      const styled = new Set<string>();
      const walk = (rules: CSSRuleList) => {
        for (const rule of rules) {
          if (rule instanceof CSSStyleRule)
            for (const [, name] of rule.selectorText.matchAll(/\.(m_[0-9a-f]{8})/g)) styled.add(name!);
          if ("cssRules" in rule) walk((rule as CSSGroupingRule).cssRules);
        }
      };
      for (const sheet of document.styleSheets) walk(sheet.cssRules);
      const missing = new Set<string>();
      for (const element of document.querySelectorAll("[class*='m_']"))
        for (const name of element.classList)
          if (/^m_[0-9a-f]{8}$/.test(name) && !styled.has(name))
            missing.add(
              `${name} (${[...element.classList].filter((c) => c.startsWith("mantine-")).join(" ")})`,
            );
      return [...missing];
    });

  /**
   * Elements drawn over a blur of what lies behind them (CSS backdrop-filter): none. A backdrop blur
   * is drawn again in every frame over the whole area it covers (a dialog's overlay: the screen),
   * which a phone pays in dropped frames and battery; the header and the dialogs' overlays had one
   * (docs/decisions.md, "Accessible by default").
   */
  const blurredBackdrops = () =>
    page.evaluate(() =>
      [...document.querySelectorAll("*")]
        .filter((element) => !["", "none"].includes(getComputedStyle(element).backdropFilter))
        .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}`),
    );

  /** The pressed answer's highlight lies on that answer's button, within the control. */
  async function expectIndicatorOnChoice(control: Locator, choice: string, where: string) {
    await control.getByText(choice, { exact: true }).tap();
    const label = control.locator("label").filter({ hasText: new RegExp(`^${choice}$`) });
    await expect.poll(() => label.getAttribute("data-active"), { message: where }).not.toBeNull();
    const [indicator, chosen, box] = await Promise.all([
      control.locator(".mantine-SegmentedControl-indicator").boundingBox(),
      label.boundingBox(),
      control.boundingBox(),
    ]);
    for (const side of ["x", "y", "width", "height"] as const)
      expect(Math.abs(indicator![side] - chosen![side]), `${where}: the highlight's ${side}`).toBeLessThan(
        1.5,
      );
    expect(
      indicator!.x + indicator!.width,
      `${where}: the highlight ends inside the control`,
    ).toBeLessThanOrEqual(box!.x + box!.width);
  }

  it("a light variant's text (alerts, badges) reads at 4.5:1 on its background, for every colour the app uses, in both schemes", async () => {
    // The light scheme's orange (the Members page's "Restore replaces everything") was 3.6:1 and its
    // yellow (a duplicate bottle's and a payment's "Is this right?" warnings) 2.7:1.
    await visit(page, "/about");
    for (const scheme of ["light", "dark"] as const) {
      const ratios = await page.evaluate((name) => {
        document.documentElement.dataset.mantineColorScheme = name;
        const luminance = (rgb: number[]) => {
          const [r, g, b] = rgb.map((v) => {
            const c = v / 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
        };
        const channels = (color: string) => color.match(/[\d.]+/g)!.map(Number);
        const page = channels(getComputedStyle(document.body).backgroundColor);
        const out: Record<string, number> = {};
        for (const color of ["amber", "blue", "gray", "green", "orange", "red", "yellow"]) {
          const probe = document.createElement("div");
          probe.style.background = `var(--mantine-color-${color}-light)`;
          probe.style.color = `var(--mantine-color-${color}-light-color)`;
          document.body.append(probe);
          const style = getComputedStyle(probe);
          const [r, g, b, alpha = 1] = channels(style.backgroundColor);
          const ground = [r!, g!, b!].map((v, i) => v * alpha + page[i]! * (1 - alpha));
          const [l1, l2] = [luminance(channels(style.color)), luminance(ground)];
          out[color] = Math.round(((Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05)) * 100) / 100;
          probe.remove();
        }
        return out;
      }, scheme);
      for (const [color, ratio] of Object.entries(ratios))
        expect(ratio, `${scheme} scheme, ${color} light variant`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("on a phone, the screens and their dialogs: no unstyled part, no blur behind, the answer's highlight on the answer", async () => {
    const meetings = await club.apiOk<{ id: number; date: string }[]>(
      "GET",
      "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames",
    );
    const today = new Date().toISOString().slice(0, 10);
    const upcoming = meetings.find((m) => m.date.slice(0, 10) >= today)!;
    const past = meetings.find((m) => m.date.slice(0, 10) < today)!;

    await visit(page, "/about");
    for (const path of [
      "/",
      "/library-bottles",
      "/theme-ideas",
      "/stats",
      "/shelf",
      "/journal",
      "/activity",
      "/account",
      "/dues",
      "/members",
      "/treasurer",
      "/treasurer/report",
      "/admin/backups",
      "/import",
      "/rsvp",
      `/monthlymeeting/${past.id}`,
      `/meeting/${past.id}/results`,
      `/meeting/${past.id}/print/tasting`,
      `/meeting/${past.id}/print/results`,
      `/monthlymeeting/${upcoming.id}`,
    ]) {
      // A full load each: a screen opened in the app would find the styles an earlier one loaded.
      await visit(page, path);
      await expect.poll(unstyled, { message: path }).toEqual([]);
      expect(await blurredBackdrops(), path).toEqual([]);
    }

    // The upcoming meeting's RSVP: each answer in turn, the last one at the control's right end.
    const answer = page.getByRole("main").locator(".mantine-SegmentedControl-root").first();
    for (const choice of ["Going", "Not going", "Maybe"])
      await expectIndicatorOnChoice(answer, choice, `RSVP ${choice}`);

    // A treasurer's dues opening for a member (a dialog with a segmented control).
    await visit(page, "/members");
    await page.getByRole("main").getByRole("button", { name: "Dues opening" }).first().tap();
    const opening = page.getByRole("dialog");
    await shows(opening);
    await expect.poll(unstyled, { message: "dues opening" }).toEqual([]);
    expect(await blurredBackdrops(), "dues opening").toEqual([]);
    const balance = opening.locator(".mantine-SegmentedControl-root").first();
    for (const choice of ["Owes", "In credit", "Nothing"])
      await expectIndicatorOnChoice(balance, choice, `opening balance ${choice}`);
    await page.keyboard.press("Escape");
    await opening.waitFor({ state: "detached" });
    expectNoPageErrors(session.watch, "the Mantine styles walk");
  });
});
