import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** Waits until the locator is visible (Playwright's auto-wait; fails after the default timeout). */
export async function shows(locator: Locator, timeout?: number): Promise<void> {
  await locator.first().waitFor({ state: "visible", timeout });
}

/** Waits until nothing matches, or all matches are hidden. */
export async function hides(locator: Locator, timeout?: number): Promise<void> {
  await expect.poll(() => locator.count(), { timeout: timeout ?? 10_000 }).toBe(0);
}

/** The trimmed texts of the cells of one column of a table (1-based column index). */
export async function columnTexts(table: Locator, column: number): Promise<string[]> {
  const texts = await table.locator(`tbody tr td:nth-child(${column})`).allInnerTexts();
  return texts.map((t) => t.trim());
}

/** Picks an option of a Mantine Select found by its label. */
export async function chooseOption(scope: Page | Locator, page: Page, label: string, option: string): Promise<void> {
  const input = scope.getByRole("textbox", { name: label }).or(scope.getByRole("combobox", { name: label })).first();
  await input.click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The dialog with this title. */
export const dialog = (page: Page, title: string) => page.getByRole("dialog", { name: title });

/** A Mantine notification (toast) with this text. */
export const toast = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
