import { lazy, useState } from "react";
import { Badge, Button, Group, NativeSelect, Text, type ButtonProps } from "@mantine/core";
import "../../styles/nativeSelect";
import { RoleSchema, type Member, type Role } from "@club/shared";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorAlert } from "../../components/status";
import { fullName, ROLE_DESCRIPTIONS, ROLE_LABELS, STATUS_COLORS, STATUS_LABELS } from "../../lib/membership";
import { notify } from "../../lib/notify";
import { serverReason } from "../../lib/serverReason";
import { trpc } from "../../lib/trpc";
import classes from "./Members.module.css";
import { Later } from "../../components/Later";

type Decision = "approve" | "reject" | "deactivate" | "reactivate";

const OpeningDialog = lazy(() => import("../Treasurer/OpeningDialog"));

const DONE: Record<Decision, (name: string) => string> = {
  approve: (name) => `${name} is now a member.`,
  reject: (name) => `${name}'s request was turned down.`,
  deactivate: (name) => `${name} was deactivated.`,
  reactivate: (name) => `${name} is active again.`,
};

const FAILED: Record<Decision | "role", string> = {
  approve: "The membership was not approved.",
  reject: "The request was not turned down.",
  deactivate: "The member was not deactivated.",
  reactivate: "The member was not reactivated.",
  role: "The role was not changed.",
};

const ROLE_OPTIONS = RoleSchema.options.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** A button acting on a member: its word, and to a screen reader the word and the member ("Approve Ann Lee"). */
function MemberAction({
  word,
  name,
  ...props
}: { word: string; name: string; onClick: () => void } & Pick<ButtonProps, "variant" | "loading">) {
  return (
    <Button aria-label={`${word} ${name}`} {...props}>
      {word}
    </Button>
  );
}

/** One member or registration: name, email, status, role, and what an admin can do about them. */
export function MemberCard({ member, isMe }: { member: Member; isMe: boolean }) {
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
      notify(DONE[action](name));
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
      notify(`${name} is now ${ROLE_LABELS[role]}.`);
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
      title: `Make ${name} ${ROLE_LABELS[role]}?`,
      confirmLabel: `Make ${ROLE_LABELS[role]}`,
      write: { isPending: setRole.isPending, mutate: () => setRole.mutate({ ...id, role }) },
      body: (
        <>
          {ROLE_LABELS[role]}: {ROLE_DESCRIPTIONS[role]}
        </>
      ),
    },
    reject: {
      title: `Turn down ${name}'s request?`,
      confirmLabel: "Reject",
      write: reject,
      body: <>The registration of {member.email} is deleted. They can register again later.</>,
    },
    deactivate: {
      title: `Deactivate ${name}?`,
      confirmLabel: "Deactivate",
      write: deactivate,
      body: (
        <>
          {name} is logged out on every device at once and cannot log in until an admin reactivates them. What
          they added to the club stays.
        </>
      ),
    },
  };

  return (
    <li className={classes.card}>
      <div className={classes.who}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>{name}</Text>
          {isMe ? (
            <Badge variant="outline" color="gray" radius="sm">
              You
            </Badge>
          ) : null}
          <Badge variant="light" color={STATUS_COLORS[member.status]} radius="sm">
            {STATUS_LABELS[member.status]}
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
            label="Role"
            aria-label={`Role of ${name}`}
            data={ROLE_OPTIONS}
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
            {ROLE_LABELS[member.role]}
          </Text>
        )}
        {member.status === "pending" ? (
          <MemberAction
            word="Approve"
            name={name}
            onClick={() => approve.mutate(id)}
            loading={approve.isPending}
          />
        ) : null}
        {member.status === "pending" || member.status === "unconfirmed" ? (
          <MemberAction word="Reject" name={name} variant="default" onClick={() => setConfirming("reject")} />
        ) : null}
        {member.status === "active" && !isMe ? (
          <MemberAction
            word="Deactivate"
            name={name}
            variant="default"
            onClick={() => setConfirming("deactivate")}
          />
        ) : null}
        {member.status === "deactivated" ? (
          <MemberAction
            word="Reactivate"
            name={name}
            variant="default"
            onClick={() => reactivate.mutate(id)}
            loading={reactivate.isPending}
          />
        ) : null}
        {member.status === "active" || member.status === "deactivated" ? (
          <Button variant="default" aria-label={`Dues opening of ${name}`} onClick={() => setOpening(true)}>
            Dues opening
          </Button>
        ) : null}
      </div>
      <Later when={opening}>
        <OpeningDialog member={{ id: member.id, name }} onClose={() => setOpening(false)} />
      </Later>

      {cardError ? (
        <div className={classes.error}>
          <ErrorAlert message={FAILED[cardError.action]}>{serverReason(cardError.error)}</ErrorAlert>
        </div>
      ) : null}

      {confirming ? (
        <ConfirmDialog
          title={asks[confirming].title}
          confirmLabel={asks[confirming].confirmLabel}
          pending={asks[confirming].write.isPending}
          error={dialogError ? FAILED[confirming] : null}
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
