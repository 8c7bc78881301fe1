import { launchChromium, openSession } from "./src/support/browser";
import { startClub } from "./src/support/server";

const club = await startClub({ demoData: true });
const browser = await launchChromium();
const meetings = await club.apiOk<{ id: number; date: string }[]>("GET", "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames");
const today = new Date().toISOString().slice(0, 10);
const id = meetings.filter((m) => m.date >= today).sort((a, b) => a.date.localeCompare(b.date))[0]!.id;
const admin = await club.tokensFor("demo@whiskey.club");
const ann = await club.member({ firstName: "Ann", lastName: "Archer" });
const ben = await club.member({ firstName: "Ben", lastName: "Baker" });
const bottles = await club.apiOk<{ id: number; name: string }[]>("GET", "/api/Bottles");
const pick = (n: string) => bottles.find((b) => b.name === n)!.id;
const flightIds = [pick("Eagle Rare 10 Year"), pick("WhistlePig 10 Year Rye"), pick("Buffalo Trace")];
await club.apiOk("PUT", `/api/MonthlyMeetings/${id}/Settings`, { capacity: 2, blind: true, scoringOpen: true, hostMemberId: null }, admin.accessToken);
await club.apiOk("PUT", `/api/MonthlyMeetings/${id}/Flight`, { pours: flightIds.map((bottleId) => ({ bottleId, pourMl: 25 })) }, admin.accessToken);
await club.apiOk("PUT", `/api/MonthlyMeetings/${id}/Rsvp`, { status: "going", guests: 1 }, admin.accessToken);
await club.apiOk("PUT", `/api/MonthlyMeetings/${id}/Rsvp`, { status: "going", guests: 0 }, ann.accessToken);
await club.apiOk("PUT", `/api/MonthlyMeetings/${id}/Rsvp`, { status: "maybe", guests: 2 }, ben.accessToken);
const sc = (n: number, p: number[], extra = {}) => ({ nose: p[0], palate: p[1], finish: p[2], balance: p[3], note: "Toffee, orange peel and a long, warming finish.", tags: ["vanilla", "honey"], ...extra });
for (const [m, off] of [[ann, 0], [ben, 2], [admin, -1]] as const) {
  await club.apiOk("PUT", `/api/MonthlyMeetings/${id}/Scores/1`, sc(1, [20 + off, 21, 19, 22], { guess: { abv: 45 + off } }), m.accessToken);
  await club.apiOk("PUT", `/api/MonthlyMeetings/${id}/Scores/2`, sc(2, [18, 17 + off, 20, 19]), m.accessToken);
}
await club.apiOk("POST", `/api/MonthlyMeetings/${id}/Reveal`, { pour: 1 }, admin.accessToken);

const widths = [{ name: "phone", width: 375, height: 812 }, { name: "desk", width: 1366, height: 900 }];
const report: string[] = [];
async function shoot(label: string, who: typeof ann, path: string, act?: (p: import("playwright-core").Page) => Promise<void>) {
  for (const theme of ["dark", "light"] as const)
    for (const vp of widths) {
      const s = await openSession(browser, club.baseUrl, { as: who, theme, viewport: vp });
      await s.page.goto(path);
      await s.page.getByRole("status", { name: "Loading" }).first().waitFor({ state: "detached", timeout: 15000 }).catch(() => {});
      await s.page.waitForTimeout(800);
      if (act) await act(s.page);
      await s.page.waitForTimeout(500);
      const file = `/tmp/e-shots/${label}-${vp.name}-${theme}.png`;
      await s.page.screenshot({ path: file, fullPage: true });
      const checks = await s.page.evaluate(() => {
        const overflow = document.documentElement.scrollWidth - window.innerWidth;
        const small: string[] = [];
        const scope = document.querySelector("[role=dialog]") ?? document.querySelector("main");
        for (const el of Array.from(scope?.querySelectorAll("button, a, [role=slider], input:not([type=hidden]), label") ?? [])) {
          const r = (el as HTMLElement).getBoundingClientRect();
          if (r.width === 0 || r.height === 0) continue;
          if (r.height < 40 && !(el.tagName === "INPUT" && (el as HTMLInputElement).type !== "text")) small.push(`${el.tagName}:${(el.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 24)}:${Math.round(r.height)}`);
        }
        return { overflow, small: small.slice(0, 12) };
      });
      if (vp.name === "phone" && theme === "dark") report.push(`${label}: overflow ${checks.overflow}px; small: ${checks.small.join(" | ")}`);
      await s.close();
    }
}
const screen = process.argv[2];
const all = !screen;
if (all || screen === "meeting") await shoot("meeting-host", admin, `/monthlymeeting/${id}`);
if (all || screen === "meeting") await shoot("meeting-member", ann, `/monthlymeeting/${id}`);
if (all || screen === "visitor") await shoot("meeting-visitor", null as never, `/monthlymeeting/${id}`);
if (all || screen === "dialogs") await shoot("settings-dialog", admin, `/monthlymeeting/${id}`, async (p) => { await p.getByRole("button", { name: "Night settings" }).click(); await p.getByRole("dialog").waitFor(); });
if (all || screen === "dialogs") await shoot("flight-dialog", admin, `/monthlymeeting/${id}`, async (p) => { await p.getByRole("button", { name: "Edit flight" }).click(); await p.getByRole("dialog").waitFor(); });
if (all || screen === "score") await shoot("score-blind", ann, `/meeting/${id}/score/2`);
if (all || screen === "score") await shoot("score-revealed", ann, `/meeting/${id}/score/1`);
if (all || screen === "results") await shoot("results", ann, `/meeting/${id}/results`);
if (all || screen === "journal") await shoot("journal", ann, `/journal`);
if (all || screen === "bottle") await shoot("bottle", ann, `/bottle/${flightIds[0]}`);
if (all || screen === "library") await shoot("library", ann, `/library-bottles?sort=score&dir=desc`);
console.log(report.join("\n"));
await browser.close();
await club.close();
