import { MONTH_NAMES } from "@club/shared";

/** "$1,052.50" or "-$12.00" for an amount in dollars (the API's unit). */
export function formatMoney(dollars: number): string {
  const cents = Math.round(Math.abs(dollars) * 100);
  const whole = Math.floor(cents / 100).toLocaleString("en-US");
  const sign = dollars < 0 && cents > 0 ? "-" : "";
  return `${sign}$${whole}.${String(cents % 100).padStart(2, "0")}`;
}

/** "March 2026" for "2026-03"; "Nothing yet" for null. */
export function formatMonth(month: string | null): string {
  if (!month) return "Nothing yet";
  const index = Number(month.slice(5, 7)) - 1;
  const name = MONTH_NAMES[index];
  return name ? `${name} ${month.slice(0, 4)}` : month;
}

/** The current month as YYYY-MM (local time). */
export function thisMonth(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}`;
}
