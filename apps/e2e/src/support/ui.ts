import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { appInCharge } from "./browser";

/** Waits until the locator is visible (Playwright's auto-wait; fails after the default timeout). */
export async function shows(locator: Locator, timeout?: number): Promise<void> {
  await locator.first().waitFor({ state: "visible", timeout });
}

/** Waits until nothing matches, or all matches are hidden. */
export async function hides(locator: Locator, timeout?: number): Promise<void> {
  const anyVisible = async () => {
    const n = await locator.count();
    for (let i = 0; i < n; i++) if (await locator.nth(i).isVisible()) return true;
    return false;
  };
  await expect.poll(anyVisible, { timeout: timeout ?? 10_000 }).toBe(false);
}

/** The trimmed texts of the cells of one column of a table (1-based column index). */
export async function columnTexts(table: Locator, column: number): Promise<string[]> {
  // A table showing the previous answer while the next loads says so (aria-busy): wait it out.
  await table.and(table.page().locator("table:not([aria-busy])")).waitFor();
  const texts = await table.locator(`tbody tr td:nth-child(${column})`).allInnerTexts();
  return texts.map((t) => t.trim());
}

/** A Mantine Select by its label (a combobox, or a textbox when searchable). */
export const selectBox = (scope: Page | Locator, label: string) =>
  scope
    .getByRole("combobox", { name: label, exact: true })
    .or(scope.getByRole("textbox", { name: label, exact: true }))
    .first();

/** Picks an option of a Mantine Select found by its label. */
export async function chooseOption(
  scope: Page | Locator,
  page: Page,
  label: string,
  option: string,
): Promise<void> {
  await selectBox(scope, label).click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await hides(page.getByRole("listbox"));
}

/**
 * Waits for the screen whose h1 is `heading`. The router keeps the previous screen on view while
 * the next screen's chunk loads, so a URL change alone does not mean the new screen is there.
 */
export async function onScreen(page: Page, heading: string | RegExp): Promise<void> {
  await appInCharge(page);
  await page.getByRole("main").getByRole("heading", { level: 1, name: heading }).first().waitFor();
  await page.getByRole("status", { name: "Loading" }).first().waitFor({ state: "detached", timeout: 15_000 });
}

/** The dialog with this title. */
export const dialog = (page: Page, title: string) => page.getByRole("dialog", { name: title });

/** A Mantine notification (toast) with this text. */
export const toast = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

/**
 * Waits for the toast with this text and closes it with its close button, as a member taps it
 * away. On a phone a toast sits at the bottom, over whatever button is there, for its 3.5 s; a
 * click aimed at that button rests the pointer on the toast, which keeps it open, and the click
 * waits until it times out.
 */
export async function closeToast(page: Page, text: string): Promise<void> {
  const shown = toast(page, text);
  await shown.getByRole("button", { name: "Close the message" }).click();
  await hides(shown);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
