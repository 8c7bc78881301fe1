import { useState } from "react";
import { ActionIcon } from "@mantine/core";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { TrashIcon } from "../../components/icons";
import { failureMessage } from "../../lib/failure";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { useUndoableSave } from "../../lib/undo";
import { useT } from "../../lib/i18n";
import { meetingMessages } from "./meetingMessages";

/**
 * Members: take a bottle out of a meeting's line-up. A pour nobody scored goes at once (the toast
 * offers Undo); a scored pour asks first: its scores go with it. The other drams keep their numbers.
 */
export function RemoveBottleButton({
  meetingId,
  bottle,
  label,
  scores = 0,
}: {
  meetingId: number;
  bottle: { id: number; name: string };
  /** The pour's "Dram N". */
  label: string;
  /** How many tasters scored it. */
  scores?: number;
}) {
  const t = useT(meetingMessages);
  const [asking, setAsking] = useState(false);
  const remove = trpc.meetings.removeBottle.useMutation({
    onSuccess: useUndoableSave(
      t("remove.done", { name: bottle.name }),
      { entity: "meetingBottle", entityId: `${meetingId}:${bottle.id}`, action: "meetings.removeBottle" },
      () => setAsking(false),
    ),
    onError: (error) => {
      if (!asking) notify(failureMessage(error, t("remove.failed")), "red");
    },
  });
  const name = t("remove.label", { name: bottle.name });
  const go = () => remove.mutate({ id: meetingId, bottleId: bottle.id });

  return (
    <>
      <ActionIcon
        variant="subtle"
        color="red"
        size={40}
        aria-label={name}
        title={name}
        loading={remove.isPending && !asking}
        onClick={() => (scores > 0 ? setAsking(true) : go())}
      >
        <TrashIcon />
      </ActionIcon>
      {asking ? (
        <ConfirmDialog
          title={t("remove.title", { label })}
          confirmLabel={t("remove.confirm")}
          onConfirm={go}
          onClose={() => setAsking(false)}
          pending={remove.isPending}
          error={remove.isError ? t("remove.failed") : null}
          cause={remove.error}
        >
          {t("remove.body", { label, name: bottle.name, scores })}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
