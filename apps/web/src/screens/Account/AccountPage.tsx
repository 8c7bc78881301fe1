import { Badge, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { PageHeader } from "../../components/PageHeader";
import { RequireMember } from "../../components/RequireMember";
import { useTitle } from "../../lib/useTitle";
import { LoadError, PageLoader } from "../../components/status";
import { roleDescription, roleLabel } from "../Members/membersMessages";
import { useT } from "../../lib/i18n";
import { accountMessages } from "./accountMessages";
import { useAccount } from "../../lib/useAccount";
import { PasswordCard } from "./PasswordCard";
import { ProfileCard } from "./ProfileCard";
import { EmailPreferences } from "./EmailPreferences";
import { NotificationSettingsCard } from "./NotificationSettingsCard";
import { SessionsCard } from "./SessionsCard";
import { TokensCard } from "./TokensCard";
import { TwoFactorCard } from "./TwoFactorCard";
import { PasskeysCard } from "./PasskeysCard";
import { useSearchParams } from "react-router-dom";
import touch from "../../styles/touchTargets.module.css";

/** /account: the member's own name, password, two-factor sign-in, passkeys, sessions, API tokens and role. */
export default function AccountPage() {
  const t = useT(accountMessages);
  useTitle(t("title"));
  return (
    <RequireMember>
      <AccountScreen />
    </RequireMember>
  );
}

function AccountScreen() {
  const account = useAccount();
  const t = useT(accountMessages);
  // After a login, a member whom the club requires to have two factors comes here to set them up.
  const [params] = useSearchParams();
  const setupTwoFactor = params.get("setup") === "two-factor";

  if (account.isPending) return <PageLoader />;
  if (account.isError) return <LoadError message={t("failed")} />;
  const me = account.data;
  return (
    <Stack gap="lg" className={touch.touch}>
      <PageHeader title={t("title")} subtitle={me.email} />
      <Group gap="sm" wrap="wrap" align="center">
        <Text size="sm" fw={600}>
          {t("role")}
        </Text>
        <Badge variant="light" color={me.role === "member" ? "gray" : "amber"} radius="sm" size="lg">
          {roleLabel(me.role)}
        </Badge>
        <Text size="sm" c="dimmed">
          {roleDescription(me.role)}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {setupTwoFactor ? <TwoFactorCard focus /> : null}
        <ProfileCard account={me} />
        <PasswordCard />
        {setupTwoFactor ? null : <TwoFactorCard />}
        <PasskeysCard />
        <SessionsCard email={me.email} />
        <EmailPreferences />
        <NotificationSettingsCard />
        <TokensCard />
      </SimpleGrid>
    </Stack>
  );
}
