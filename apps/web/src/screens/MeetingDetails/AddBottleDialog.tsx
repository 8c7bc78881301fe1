import { useState } from "react";
import { Select } from "@mantine/core";
import "../../styles/combobox";
import { FormDialog } from "../../components/FormDialog";
import { failure } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { useUndoableSave } from "../../lib/undo";
import { useT } from "../../lib/i18n";
import { meetingMessages } from "./meetingMessages";

/**
 * Add Bottle to a meeting (members): pick one of the available bottles; submit needs a choice. It
 * is poured at the end of the flight, the meeting's one list of bottles.
 */
export default function AddBottleDialog({
  meetingId,
  sampledIds,
  onClose,
}: {
  meetingId: number;
  sampledIds: readonly number[];
  onClose: () => void;
}) {
  const t = useT(meetingMessages);
  const [bottleId, setBottleId] = useState<string | null>(null);
  const options = trpc.bottles.options.useQuery();
  const add = trpc.meetings.addBottle.useMutation({
    onSuccess: useUndoableSave(
      t("addBottle.added"),
      (_data, added) => ({
        entity: "meetingBottle",
        entityId: `${added.meetingId}:${added.bottleId}`,
        action: "meetings.addBottle",
      }),
      onClose,
    ),
  });
  const data = (options.data ?? [])
    .filter((bottle) => !sampledIds.includes(bottle.id))
    .map((bottle) => ({ value: String(bottle.id), label: bottle.name }));

  return (
    <FormDialog
      title={t("addBottle.title")}
      onClose={onClose}
      onSubmit={() => {
        if (bottleId !== null) add.mutate({ meetingId, bottleId: Number.parseInt(bottleId, 10) });
      }}
      errors={[options.isError && t("addBottle.loadFailed"), failure(t("addBottle.failed"), add.error)]}
      canSubmit={bottleId !== null}
      submitting={add.isPending}
    >
      <Select
        label={t("addBottle.bottle")}
        placeholder={options.isPending ? t("addBottle.loading") : t("addBottle.choose")}
        disabled={options.isPending}
        data={data}
        value={bottleId}
        onChange={setBottleId}
        searchable
        nothingFoundMessage={t("addBottle.noMatch")}
        data-autofocus
      />
    </FormDialog>
  );
}
