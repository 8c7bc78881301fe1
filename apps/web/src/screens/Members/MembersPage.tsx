import { Stack, Text, Title } from "@mantine/core";
import { ServerMessages, type Member, type MemberStatus } from "@club/shared";
import { PageHeader } from "../../components/PageHeader";
import { RequireMember } from "../../components/RequireMember";
import { useTitle } from "../../lib/useTitle";
import { ErrorAlert, LoadError, Loaded, PageLoader } from "../../components/status";
import { useAccount, useMembersList } from "../../lib/useAccount";
import { InviteCard } from "./InviteCard";
import { ClubDataCard } from "../Import/ClubDataCard";
import { MemberCard } from "./MemberCard";
import classes from "./Members.module.css";
import touch from "../../styles/touchTargets.module.css";
import { useT } from "../../lib/i18n";
import { membersMessages, type MembersKey } from "./membersMessages";

/** The list's sections, in the server's order: who waits for a decision first. */
const SECTIONS: { status: MemberStatus; title: MembersKey; hint?: MembersKey }[] = [
  { status: "pending", title: "section.pending", hint: "section.pendingHint" },
  { status: "unconfirmed", title: "section.unconfirmed", hint: "section.unconfirmedHint" },
  { status: "active", title: "section.active" },
  { status: "deactivated", title: "section.deactivated", hint: "section.deactivatedHint" },
];

/** /members (admins): approve and reject requests, roles, deactivation, invite links. */
export default function MembersPage() {
  const t = useT(membersMessages);
  useTitle(t("title"));
  return (
    <RequireMember>
      <MembersScreen />
    </RequireMember>
  );
}

function MembersScreen() {
  const account = useAccount();
  const isAdmin = account.data?.role === "admin";
  const members = useMembersList(isAdmin);
  const t = useT(membersMessages);

  if (account.isPending) return <PageLoader />;
  if (account.isError) return <LoadError message={t("failedAccount")} />;
  if (!isAdmin) {
    return (
      <>
        <PageHeader title={t("title")} />
        <ErrorAlert message={ServerMessages.adminOnly}>{t("adminOnly")}</ErrorAlert>
      </>
    );
  }

  return (
    <Stack gap="xl" className={touch.touch}>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <InviteCard />
      <Loaded query={members} failed={t("failed")} empty={t("empty")}>
        {(list) =>
          SECTIONS.map((section) => (
            <MemberSection
              key={section.status}
              {...section}
              members={list.filter((m) => m.status === section.status)}
              myId={account.data.id}
            />
          ))
        }
      </Loaded>
      <ClubDataCard />
    </Stack>
  );
}

function MemberSection({
  status,
  title,
  hint,
  members,
  myId,
}: {
  status: MemberStatus;
  title: MembersKey;
  hint?: MembersKey;
  members: Member[];
  myId: number;
}) {
  const t = useT(membersMessages);
  if (members.length === 0) return null;
  const headingId = `members-${status}`;
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} fz="lg" id={headingId}>
        {t("section.title", { title: t(title), count: members.length })}
      </Title>
      {hint ? (
        <Text size="sm" c="dimmed">
          {t(hint)}
        </Text>
      ) : null}
      <ul className={classes.list} aria-labelledby={headingId}>
        {members.map((member) => (
          <MemberCard key={member.id} member={member} isMe={member.id === myId} />
        ))}
      </ul>
    </section>
  );
}
