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

function MyDues() {
  const statement = trpc.dues.me.useQuery();
  const account = trpc.account.get.useQuery();
  if (statement.isPending) return <PageLoader />;
  if (statement.isError) return <ErrorAlert message="Failed to fetch your dues." />;
  const name = account.data ? `${account.data.firstName} ${account.data.lastName}` : "you";
  return (
    <>
      <DuesStatementView statement={statement.data} name={name} />
      <DuesRules statement={statement.data} />
    </>
  );
}

/** /dues: where the member stands, their history, why they owe it; their email preferences. */
export default function DuesPage() {
  useTitle("My dues");
  const session = useSession();
  const settings = useClubSettings();
  return (
    <>
      <PageHeader
        title="My dues"
        subtitle={`${formatMoney(settings.monthlyDues, { short: true })} a month, charged on the first. Pay the treasurer at a meeting.`}
      />
      {session ? (
        <Stack gap="xl">
          <MyDues />
          <EmailPreferences />
        </Stack>
      ) : (
        <LogInPrompt underline="always">to see your dues.</LogInPrompt>
      )}
    </>
  );
}
