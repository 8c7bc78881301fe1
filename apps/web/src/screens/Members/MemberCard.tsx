import { lazy, useState } from "react";
import { Badge, Button, Group, NativeSelect, Text, type ButtonProps } from "@mantine/core";
import "../../styles/nativeSelect";
import { RoleSchema, type Member, type Role } from "@club/shared";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorAlert } from "../../components/status";
import { fullName, STATUS_COLORS } from "../../lib/membership";
import { notify } from "../../lib/notify";
import { serverReason } from "../../lib/serverReason";
import { trpc } from "../../lib/trpc";
import classes from "./Members.module.css";
import { Later } from "../../components/Later";
import { useT } from "../../lib/i18n";
import { membersMessages, roleDescription, roleLabel, statusLabel, type MembersKey } from "./membersMessages";

type Decision = "approve" | "reject" | "deactivate" | "reactivate";

const OpeningDialog = lazy(() => import("../Treasurer/OpeningDialog"));

const DONE: Record<Decision, MembersKey> = {
  approve: "done.approve",
  reject: "done.reject",
  deactivate: "done.deactivate",
  reactivate: "done.reactivate",
};

const FAILED: Record<Decision | "role", MembersKey> = {
  approve: "failed.approve",
  reject: "failed.reject",
  deactivate: "failed.deactivate",
  reactivate: "failed.reactivate",
  role: "failed.role",
};

const roleOptions = () => RoleSchema.options.map((role) => ({ value: role, label: roleLabel(role) }));

/** A button acting on a member: its word, and to a screen reader the word and the member ("Approve Ann Lee"). */
function MemberAction({
  word,
  name,
  ...props
}: { word: string; name: string; onClick: () => void } & Pick<ButtonProps, "variant" | "loading">) {
  const t = useT(membersMessages);
  return (
    <Button aria-label={t("action.aria", { word, name })} {...props}>
      {word}
    </Button>
  );
}

/** One member or registration: name, email, status, role, and what an admin can do about them. */
export function MemberCard({ member, isMe }: { member: Member; isMe: boolean }) {
  const t = useT(membersMessages);
  const name = fullName(member) || member.email;
  const [confirming, setConfirming] = useState<"reject" | "deactivate" | "role" | null>(null);
  /** The role picked in the dropdown, asked about before it is given. */
  const [newRole, setNewRole] = useState<Role | null>(null);
  const [opening, setOpening] = useState(false);
  const [failed, setFailed] = useState<{ action: Decision | "role"; error: unknown } | null>(null);

  const handlers = (action: Decision) => ({
    onMutate: () => setFailed(null),
    onSuccess: async () => {
      setConfirming(null);
      notify(t(DONE[action], { name }));
    },
    onError: (error: unknown) => setFailed({ action, error }),
  });
  const approve = trpc.members.approve.useMutation(handlers("approve"));
  const reject = trpc.members.reject.useMutation(handlers("reject"));
  const deactivate = trpc.members.deactivate.useMutation(handlers("deactivate"));
  const reactivate = trpc.members.reactivate.useMutation(handlers("reactivate"));
  const setRole = trpc.members.setRole.useMutation({
    onMutate: () => setFailed(null),
    onSuccess: async (_ok, { role }) => {
      setConfirming(null);
      setNewRole(null);
      notify(t("done.role", { name, role: roleLabel(role) }));
    },
    onError: (error) => setFailed({ action: "role", error }),
  });

  const id = { id: member.id };
  const confirmed = member.status !== "unconfirmed";
  const closeDialog = () => {
    setConfirming(null);
    setNewRole(null);
    setFailed(null);
  };
  const cardError = failed && failed.action !== confirming ? failed : null;
  const dialogError = failed && failed.action === confirming ? failed : null;
  const role = newRole ?? member.role;
  /** The decisions asked first: their question, their button, their write and what they mean. */
  const asks = {
    role: {
      title: t("ask.roleTitle", { name, role: roleLabel(role) }),
      confirmLabel: t("ask.roleConfirm", { role: roleLabel(role) }),
      write: { isPending: setRole.isPending, mutate: () => setRole.mutate({ ...id, role }) },
      body: <>{t("ask.roleBody", { role: roleLabel(role), description: roleDescription(role) })}</>,
    },
    reject: {
      title: t("ask.rejectTitle", { name }),
      confirmLabel: t("reject"),
      write: reject,
      body: <>{t("ask.rejectBody", { email: member.email })}</>,
    },
    deactivate: {
      title: t("ask.deactivateTitle", { name }),
      confirmLabel: t("deactivate"),
      write: deactivate,
      body: <>{t("ask.deactivateBody", { name })}</>,
    },
  };

  return (
    <li className={classes.card}>
      <div className={classes.who}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>{name}</Text>
          {isMe ? (
            <Badge variant="outline" color="gray" radius="sm">
              {t("you")}
            </Badge>
          ) : null}
          <Badge variant="light" color={STATUS_COLORS[member.status]} radius="sm">
            {statusLabel(member.status)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" className={classes.email}>
          {member.email}
        </Text>
      </div>

      <div className={classes.controls}>
        {confirmed ? (
          <NativeSelect
            className={classes.roleSelect}
            label={t("roleLabel")}
            aria-label={t("roleOf", { name })}
            data={roleOptions()}
            value={role}
            disabled={setRole.isPending}
            onChange={(event) => {
              const picked = event.currentTarget.value as Role;
              if (picked === member.role) return;
              setNewRole(picked);
              setConfirming("role");
            }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {roleLabel(member.role)}
          </Text>
        )}
        {member.status === "pending" ? (
          <MemberAction
            word={t("approve")}
            name={name}
            onClick={() => approve.mutate(id)}
            loading={approve.isPending}
          />
        ) : null}
        {member.status === "pending" || member.status === "unconfirmed" ? (
          <MemberAction
            word={t("reject")}
            name={name}
            variant="default"
            onClick={() => setConfirming("reject")}
          />
        ) : null}
        {member.status === "active" && !isMe ? (
          <MemberAction
            word={t("deactivate")}
            name={name}
            variant="default"
            onClick={() => setConfirming("deactivate")}
          />
        ) : null}
        {member.status === "deactivated" ? (
          <MemberAction
            word={t("reactivate")}
            name={name}
            variant="default"
            onClick={() => reactivate.mutate(id)}
            loading={reactivate.isPending}
          />
        ) : null}
        {member.status === "active" || member.status === "deactivated" ? (
          <Button variant="default" aria-label={t("openingOf", { name })} onClick={() => setOpening(true)}>
            {t("opening")}
          </Button>
        ) : null}
      </div>
      <Later when={opening}>
        <OpeningDialog member={{ id: member.id, name }} onClose={() => setOpening(false)} />
      </Later>

      {cardError ? (
        <div className={classes.error}>
          <ErrorAlert message={t(FAILED[cardError.action])}>{serverReason(cardError.error)}</ErrorAlert>
        </div>
      ) : null}

      {confirming ? (
        <ConfirmDialog
          title={asks[confirming].title}
          confirmLabel={asks[confirming].confirmLabel}
          pending={asks[confirming].write.isPending}
          error={dialogError ? t(FAILED[confirming]) : null}
          cause={dialogError?.error}
          color={confirming === "role" ? "amber" : "red"}
          onConfirm={() => asks[confirming].write.mutate(id)}
          onClose={closeDialog}
        >
          {asks[confirming].body}
        </ConfirmDialog>
      ) : null}
    </li>
  );
}
