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

/** The list's sections, in the server's order: who waits for a decision first. */
const SECTIONS: { status: MemberStatus; title: string; hint?: string }[] = [
  {
    status: "pending",
    title: "Waiting for approval",
    hint: "They confirmed their address and wait for you.",
  },
  {
    status: "unconfirmed",
    title: "Email not confirmed",
    hint: "Registered, but the confirmation link was not used yet.",
  },
  { status: "active", title: "Members" },
  { status: "deactivated", title: "Deactivated", hint: "They cannot log in until reactivated." },
];

/** /members (admins): approve and reject requests, roles, deactivation, invite links. */
export default function MembersPage() {
  useTitle("Members");
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

  if (account.isPending) return <PageLoader />;
  if (account.isError) return <LoadError message="Failed to fetch your account." />;
  if (!isAdmin) {
    return (
      <>
        <PageHeader title="Members" />
        <ErrorAlert message={ServerMessages.adminOnly}>
          Managing members is for the club&apos;s admins. Ask an admin if you think you should have access.
        </ErrorAlert>
      </>
    );
  }

  return (
    <Stack gap="xl" className={touch.touch}>
      <PageHeader title="Members" subtitle="Who is in the club, who waits to join, and invite links." />
      <InviteCard />
      <Loaded query={members} failed="Failed to fetch members." empty="No members yet.">
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
  title: string;
  hint?: string;
  members: Member[];
  myId: number;
}) {
  if (members.length === 0) return null;
  const headingId = `members-${status}`;
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} fz="lg" id={headingId}>
        {title} ({members.length})
      </Title>
      {hint ? (
        <Text size="sm" c="dimmed">
          {hint}
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
