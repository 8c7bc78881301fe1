import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { longDate } from "@club/shared";
import { screenshotOnFailure, visit } from "./support/browser";
import { launchFullChromium } from "./support/chromium";
import { PHONE, sessionPool } from "./support/harness";
import { startClub, type Club, type Member } from "./support/server";

/**
 * A member's phone gets the reveal: Milo turned phone notifications on for the reveal and his
 * phone subscribed; the host reveals the bottles; the message the server queued for his phone is
 * delivered to the app's service worker through the DevTools protocol's push delivery (what the
 * phone's push service does), the worker shows it (read back from `registration.getNotifications()`),
 * and its click (the notificationclick event, dispatched in the worker: the protocol cannot tap a
 * system notification) opens the meeting in the app's window.
 */
describe("a phone's push notification", () => {
  let club: Club;
  let browser: Browser;
  let hana: Member;
  let milo: Member;
  let meetingId = 0;
  let date = "";
  const pool = sessionPool(
    () => browser,
    () => club.baseUrl,
  );

  beforeAll(async () => {
    club = await startClub({ demoData: false });
    // The headless shell the other files share has no notifications.
    browser = await launchFullChromium();
    hana = await club.member({ firstName: "Hana", lastName: "Host" });
    milo = await club.member({ firstName: "Milo", lastName: "Member" });
    const theme = await club.apiOk<{ id: number }>(
      "POST",
      "/api/MonthlyThemes",
      { id: 0, description: "Islay" },
      hana.accessToken,
    );
    date = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    meetingId = (
      await club.apiOk<{ id: number }>(
        "POST",
        "/api/MonthlyMeetings/PostMonthlyMeetingsWithNames",
        { date, hostName: "Hana Host", themeId: theme.id },
        hana.accessToken,
      )
    ).id;
    const bottle = await club.apiOk<{ id: number }>(
      "POST",
      "/api/Bottles/NewBottle",
      {
        name: "Lagavulin 16",
        storeLink: "",
        brandId: null,
        newBrand: "",
        drinkTypeId: null,
        countryId: null,
        stateId: null,
        abv: 43,
      },
      hana.accessToken,
    );
    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${meetingId}/Flight`,
      { pours: [{ bottleId: bottle.id, pourMl: 25 }] },
      hana.accessToken,
    );
    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${meetingId}/Settings`,
      { capacity: null, blind: true, scoringOpen: true, hostMemberId: hana.id },
      hana.accessToken,
    );
    await club.apiOk(
      "PUT",
      `/api/MonthlyMeetings/${meetingId}/Rsvp`,
      { status: "going", guests: 0 },
      milo.accessToken,
    );
    await club.apiOk(
      "PUT",
      "/api/Account/Notifications",
      { kinds: { revealed: { inApp: true, email: false, push: true } } },
      milo.accessToken,
    );
  });

  afterEach(screenshotOnFailure("phone-push", pool.current));
  afterAll(async () => {
    await pool.closeAll();
    await browser?.close();
    await club?.close();
  });

  it("the reveal is shown by the service worker and its click opens the meeting", async () => {
    const page: Page = await pool.open({ viewport: PHONE, mobile: true, as: milo, installedApp: true });
    const context = page.context();
    await context.grantPermissions(["notifications"], { origin: club.baseUrl });
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => registrations.push(...event.registrations));
    await cdp.send("ServiceWorker.enable");
    await visit(page, "/");
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", null, {
      timeout: 30_000,
    });

    // The phone's subscription (its push service is not reached here: the protocol stands for it).
    const keys = {
      p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
      auth: "tBHItJI5svbpez7KI4CCXg",
    };
    const { id: subscriptionId } = await club.apiOk<{ id: number }>(
      "POST",
      "/api/Account/PushSubscriptions",
      { endpoint: "https://push.invalid/milo", keys },
      milo.accessToken,
    );
    await club.apiOk("POST", `/api/MonthlyMeetings/${meetingId}/Reveal`, {}, hana.accessToken);
    const queued = club.app.deps.db.$client
      .prepare("SELECT payload FROM push_outbox WHERE subscription_id = ? ORDER BY id")
      .all(subscriptionId) as { payload: string }[];
    expect(queued).toHaveLength(1);
    const payload = queued[0]!.payload;

    await expect.poll(() => registrations.find((r) => r.scopeURL === `${club.baseUrl}/`)).toBeTruthy();
    const { registrationId } = registrations.find((r) => r.scopeURL === `${club.baseUrl}/`)!;
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: club.baseUrl,
      registrationId,
      data: payload,
    });

    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          link: (n.data as { link?: string } | null)?.link,
        })),
      );
    await expect
      .poll(shown, { timeout: 15_000 })
      .toEqual([
        { title: `The bottles of ${longDate(date)} are revealed.`, link: `/monthlymeeting/${meetingId}` },
      ]);

    const worker = context.serviceWorkers().find((w) => w.url().startsWith(club.baseUrl));
    expect(worker).toBeDefined();
    await worker!.evaluate(async () => {
      interface WorkerScope {
        registration: { getNotifications: () => Promise<unknown[]> };
        dispatchEvent: (event: Event) => boolean;
      }
      const scope = globalThis as unknown as WorkerScope;
      const Click = (
        globalThis as unknown as { NotificationEvent: new (type: string, init: object) => Event }
      ).NotificationEvent;
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new Click("notificationclick", { notification }));
    });
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 15_000 })
      .toBe(`/monthlymeeting/${meetingId}`);
    // A click closes the notification.
    await expect.poll(shown).toEqual([]);
  });
});
