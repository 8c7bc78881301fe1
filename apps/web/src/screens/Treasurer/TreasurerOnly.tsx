import type { ReactNode } from "react";
import { Text } from "@mantine/core";
import { ErrorAlert, PageLoader } from "../../components/status";
import { useSession } from "../../lib/appSession";
import { trpc } from "../../lib/trpc";
import { LogInPrompt } from "../../components/LogInPrompt";
import { useT } from "../../lib/i18n";
import { treasurerMessages } from "./treasurerMessages";

/**
 * The treasurer's screens (the ledger, the report) for the treasurer or an admin: a visitor is asked
 * to log in "to see" `what`, another member reads `refusal`, and the screen waits for the account.
 */
export function TreasurerOnly({
  what,
  refusal,
  children,
}: {
  what: string;
  refusal: string;
  children: ReactNode;
}) {
  const session = useSession();
  const t = useT(treasurerMessages);
  const account = trpc.account.get.useQuery(undefined, { enabled: session !== null });
  const allowed = account.data?.role === "admin" || account.data?.role === "treasurer";
  return !session ? (
    <LogInPrompt underline="always">{t("only.logIn", { what })}</LogInPrompt>
  ) : account.isPending ? (
    <PageLoader />
  ) : account.isError ? (
    <ErrorAlert message={t("only.failed")} />
  ) : allowed ? (
    children
  ) : (
    <Text>{refusal}</Text>
  );
}
