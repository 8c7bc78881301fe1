import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchChromium, screenshotOnFailure, visit } from "./support/browser";
import { noSidewaysScroll, PHONE, sessionPool, shot } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club, type Member } from "./support/server";
import { dialog, onScreen, shows, toast } from "./support/ui";

/**
 * Webhooks on a phone: an admin opens Webhooks from the menu, adds a hook to a receiver of the
 * test's own (the club's own network, so WEBHOOKS_ALLOW_PRIVATE is on), copies the secret shown
 * once, presses Test and sees the delivery in the hook's log; the receiver checks the signature with
 * that secret. Then the hook is removed.
 */
describe("webhooks", () => {
  let club: Club;
  let browser: Browser;
  let admin: Member;
  let receiver: Server;
  let hookUrl = "";
  const received: { body: string; signature: string; event: string }[] = [];
  const pool = sessionPool(
    () => browser,
    () => club.baseUrl,
  );
  const main = (page: Page) => page.getByRole("main");

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({
          body: Buffer.concat(chunks).toString("utf8"),
          signature: String(req.headers["x-club-signature"]),
          event: String(req.headers["x-club-event"]),
        });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/club-events`;
    club = await startClub({ demoData: true, env: { WEBHOOKS_ALLOW_PRIVATE: "true" } });
    browser = await launchChromium();
    admin = await club.tokensFor(DEMO_LOGIN.email);
  });

  afterEach(screenshotOnFailure("webhooks", pool.current));

  afterAll(async () => {
    await pool.closeAll();
    await browser?.close();
    await club?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it("an admin adds a hook, presses Test and sees the delivery; the receiver verifies the signature", async () => {
    const page = await pool.open({ viewport: PHONE, mobile: true, as: admin, theme: "dark" });
    await visit(page, "/");
    await page.getByRole("button", { name: "Open navigation" }).click();
    await page.getByRole("button", { name: "My club" }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhooks" }).tap();
    await onScreen(page, "Webhooks");
    await shows(main(page).getByText("No webhooks yet."));

    await main(page).getByLabel("URL").fill(hookUrl);
    // Every event is chosen at first; this hook leaves the dues statements out.
    await main(page).getByLabel("A dues statement").tap();
    await main(page).getByRole("button", { name: "Add webhook" }).tap();
    const secretBox = main(page).getByLabel("Signing secret");
    await shows(secretBox);
    const secret = await secretBox.inputValue();
    expect(secret).toMatch(/^whsec_/);

    const hook = main(page).getByRole("listitem", { name: hookUrl });
    await shows(hook);
    await hook.getByRole("button", { name: "Test" }).tap();
    await shows(toast(page, "Test event sent."));
    await shows(hook.getByRole("listitem", { name: "Test event: Delivered" }), 20_000);
    expect(await noSidewaysScroll(page)).toBe(true);
    await shot(page, "webhooks-phone-dark");

    expect(received).toHaveLength(1);
    const [delivery] = received;
    const expected = Buffer.from(
      `sha256=${createHmac("sha256", secret).update(delivery!.body).digest("hex")}`,
    );
    const given = Buffer.from(delivery!.signature);
    expect(given.length === expected.length && timingSafeEqual(given, expected)).toBe(true);
    expect(delivery!.event).toBe("test");
    expect(JSON.parse(delivery!.body)).toMatchObject({ event: "test", text: "A test event from the club." });

    const hooks = await club.apiOk<{ url: string; events: string[] }[]>(
      "GET",
      "/api/Admin/Webhooks",
      undefined,
      admin.accessToken,
    );
    expect(hooks).toEqual([expect.objectContaining({ url: hookUrl })]);
    expect(hooks[0]!.events).not.toContain("duesStatement");
    expect(JSON.stringify(hooks)).not.toContain(secret);

    // The same screen in the light theme.
    await page.evaluate(() => window.localStorage.setItem("theme", "light"));
    await page.reload();
    await onScreen(page, "Webhooks");
    await shows(main(page).getByRole("listitem", { name: hookUrl }));
    await main(page)
      .getByRole("listitem", { name: hookUrl })
      .getByRole("button", { name: "Deliveries" })
      .tap();
    await shows(main(page).getByRole("listitem", { name: "Test event: Delivered" }));
    expect(await noSidewaysScroll(page)).toBe(true);
    await shot(page, "webhooks-phone-light");

    await main(page)
      .getByRole("button", { name: `Remove the webhook to ${hookUrl}` })
      .tap();
    await dialog(page, "Remove this webhook?").getByRole("button", { name: "Remove" }).tap();
    await shows(toast(page, "Webhook removed: it is sent nothing more."));
    await shows(main(page).getByText("No webhooks yet."));
  });
});
