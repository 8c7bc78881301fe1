/**
 * The server's question when a ledger write looks like a mistake (409 CONFIRM_LARGE_PAYMENT or
 * CONFIRM_EARLY_WAIVER): its message ("This pays through March 2030. Record it anyway?"), or
 * null for any other failure.
 */
export function confirmQuestion(
  error: unknown,
  reason: "CONFIRM_LARGE_PAYMENT" | "CONFIRM_EARLY_WAIVER",
): string | null {
  const data = (error as { data?: { reason?: unknown } } | null)?.data;
  return data?.reason === reason && error instanceof Error ? error.message : null;
}
