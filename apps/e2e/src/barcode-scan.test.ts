import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { BottleOption } from "@club/shared";
import {
  expectNoCspViolations,
  expectNoPageErrors,
  launchChromium,
  openSession,
  screenshotOnFailure,
  visit,
  type Session,
} from "./support/browser";
import { barcodeVideo, launchWithCamera } from "./support/fakeCamera";
import { closeInOrder, expectNoSidewaysScroll, PHONE } from "./support/harness";
import { DEMO_LOGIN, startClub, type Club, type Member } from "./support/server";
import { dialog, onScreen, shows, toast } from "./support/ui";

const EAN = "4006381333931";

/**
 * A barcode at the shelf, on a 375 px phone: Scan barcode in the library reads a bottle's code with
 * the camera (Chromium's fake camera plays a generated barcode; its headless shell has no
 * BarcodeDetector, so the WASM reader reads it), offers to attach an unknown code to a bottle found
 * by name, and then opens that bottle from the same code. Where there is no camera the code is typed.
 */
describe("barcode scanning in the library, on a phone", () => {
  let club: Club;
  let member: Member;
  let videoDir: string;
  let cameraBrowser: Browser;
  let browser: Browser;
  let session: Session | undefined;
  let page: Page | undefined;
  let lagavulin: number;

  beforeAll(async () => {
    club = await startClub({ demoData: true });
    member = await club.tokensFor(DEMO_LOGIN.email);
    const bottles = await club.apiOk<BottleOption[]>("GET", "/api/Bottles");
    lagavulin = bottles.find((b) => b.name === "Lagavulin 16")!.id;
    videoDir = mkdtempSync(join(tmpdir(), "club-camera-"));
    cameraBrowser = await launchWithCamera(await barcodeVideo(videoDir, "ean13", EAN));
    browser = await launchChromium();
  });
  afterEach(screenshotOnFailure("barcode-scan", () => page));
  afterEach(() => session?.close());
  afterAll(async () => {
    await closeInOrder(cameraBrowser, browser, club);
    rmSync(videoDir, { recursive: true, force: true });
  });

  const phone = async (on: Browser) => {
    session = await openSession(on, club.baseUrl, { as: member, viewport: PHONE, mobile: true, fresh: true });
    page = session.page;
    return page;
  };

  const barcodeFact = (p: Page) => p.getByRole("main").locator("dl").locator('dt:text-is("Barcode") + dd');

  it("reads an unknown code with the camera, attaches it to a bottle found by name, then opens that bottle from it", async () => {
    const p = await phone(cameraBrowser);
    await visit(p, "/library-bottles");
    await onScreen(p, "Library Bottles");
    await p.getByRole("button", { name: "Scan barcode" }).tap();
    // The headless shell has no BarcodeDetector: what reads the camera here is the WASM reader.
    expect(await p.evaluate(() => "BarcodeDetector" in window)).toBe(false);
    const scanner = dialog(p, "Scan barcode");
    await shows(scanner.getByText(`No bottle has the barcode ${EAN} yet.`), 20_000);
    await expectNoSidewaysScroll(p, "the scanner");
    await scanner.getByRole("button", { name: "Attach to a bottle" }).tap();
    await scanner.getByRole("searchbox", { name: "Find the bottle" }).fill("lagavlin");
    await scanner.getByRole("button", { name: "Attach to Lagavulin 16" }).tap();
    await onScreen(p, "Lagavulin 16");
    expect(new URL(p.url()).pathname).toBe(`/bottle/${lagavulin}`);
    // The bottle's page says which code it has now.
    await expect.poll(async () => (await barcodeFact(p).innerText()).trim()).toBe(EAN);
    expect(await club.apiOk("GET", `/api/Bottles/ByBarcode/${EAN}`)).toEqual({
      id: lagavulin,
      name: "Lagavulin 16",
    });

    await visit(p, "/library-bottles");
    await onScreen(p, "Library Bottles");
    await p.getByRole("button", { name: "Scan barcode" }).tap();
    await onScreen(p, "Lagavulin 16");
    expect(new URL(p.url()).pathname).toBe(`/bottle/${lagavulin}`);
    expectNoCspViolations(session!.watch, "the scanner");
    expectNoPageErrors(session!.watch, "the scanner");
  });

  it("without a camera says so; a typed code is checked, and an unknown one starts a new bottle with it", async () => {
    const p = await phone(browser);
    await visit(p, "/library-bottles");
    await onScreen(p, "Library Bottles");
    await p.getByRole("button", { name: "Scan barcode" }).tap();
    const scanner = dialog(p, "Scan barcode");
    await shows(scanner.getByText("The camera is not available: type the code instead."));
    const code = scanner.getByRole("textbox", { name: "Barcode" });
    await code.fill("4006381333932");
    await scanner.getByRole("button", { name: "Look up" }).tap();
    await shows(scanner.getByText("This barcode's check digit is wrong: scan it again or check the digits."));
    await code.fill("CASK-0042");
    await scanner.getByRole("button", { name: "Look up" }).tap();
    await shows(scanner.getByText("No bottle has the barcode CASK-0042 yet."));
    await scanner.getByRole("button", { name: "Start a new bottle" }).tap();
    const form = dialog(p, "Add New Bottle");
    await form.getByRole("textbox", { name: "Name" }).fill("Cask Strength Club Pick");
    await form.getByRole("textbox", { name: "ABV" }).fill("58.2");
    await form.getByRole("button", { name: "Submit" }).tap();
    await onScreen(p, "Cask Strength Club Pick");
    const found = await club.apiOk<BottleOption>("GET", "/api/Bottles/ByBarcode/CASK-0042");
    expect(found.name).toBe("Cask Strength Club Pick");
    expect(new URL(p.url()).pathname).toBe(`/bottle/${found.id}`);

    // A code typed wrong on the shelf is corrected on the bottle's page: another bottle's code is
    // refused with the reason, a free one is saved.
    const fact = barcodeFact(p);
    await expect.poll(async () => (await fact.innerText()).trim()).toBe("CASK-0042");
    await fact.getByRole("button", { name: "Edit Barcode" }).tap();
    const field = fact.getByRole("textbox", { name: "Barcode" });
    await field.fill(EAN);
    await fact.getByRole("button", { name: "Save" }).tap();
    await shows(fact.getByText("Another bottle has this barcode."));
    await field.fill("CASK-0043");
    await fact.getByRole("button", { name: "Save" }).tap();
    await shows(toast(p, "Barcode updated."));
    await expect.poll(async () => (await fact.innerText()).trim()).toBe("CASK-0043");
    expect((await club.apiOk<BottleOption>("GET", "/api/Bottles/ByBarcode/CASK-0043")).id).toBe(found.id);
    await expectNoSidewaysScroll(p, "the bottle's barcode");
    expectNoPageErrors(session!.watch, "the typed code");
  });
});
