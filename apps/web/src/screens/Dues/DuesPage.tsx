import { Stack } from "@mantine/core";
import { useClubSettings } from "../../lib/clubSettings";
import { formatMoney } from "../../lib/money";
import { PageHeader } from "../../components/PageHeader";
import { ErrorAlert, PageLoader } from "../../components/status";
import { useSession } from "../../lib/appSession";
import { trpc } from "../../lib/trpc";
import { useTitle } from "../../lib/useTitle";
import { EmailPreferences } from "../Account/EmailPreferences";
import { DuesRules } from "./DuesRules";
import { DuesStatementView } from "./DuesStatementView";
import { LogInPrompt } from "../../components/LogInPrompt";
import { useT } from "../../lib/i18n";
import { duesMessages } from "./duesMessages";

function MyDues() {
  const statement = trpc.dues.me.useQuery();
  const account = trpc.account.get.useQuery();
  const t = useT(duesMessages);
  if (statement.isPending) return <PageLoader />;
  if (statement.isError) return <ErrorAlert message={t("page.failed")} />;
  const name = account.data ? `${account.data.firstName} ${account.data.lastName}` : t("page.you");
  return (
    <>
      <DuesStatementView statement={statement.data} name={name} />
      <DuesRules statement={statement.data} />
    </>
  );
}

/** /dues: where the member stands, their history, why they owe it; their email preferences. */
export default function DuesPage() {
  const t = useT(duesMessages);
  useTitle(t("page.title"));
  const session = useSession();
  const settings = useClubSettings();
  return (
    <>
      <PageHeader
        title={t("page.title")}
        subtitle={t("page.subtitle", { monthly: formatMoney(settings.monthlyDues, { short: true }) })}
      />
      {session ? (
        <Stack gap="xl">
          <MyDues />
          <EmailPreferences />
        </Stack>
      ) : (
        <LogInPrompt underline="always">{t("page.logIn")}</LogInPrompt>
      )}
    </>
  );
}
