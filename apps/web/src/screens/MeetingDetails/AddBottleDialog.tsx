import { useState } from "react";
import { Select } from "@mantine/core";
import "../../styles/combobox";
import { Messages } from "@club/shared";
import { FormDialog } from "../../components/FormDialog";
import { failure } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { useUndoableSave } from "../../lib/undo";

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
  const [bottleId, setBottleId] = useState<string | null>(null);
  const options = trpc.bottles.options.useQuery();
  const add = trpc.meetings.addBottle.useMutation({
    onSuccess: useUndoableSave(
      "Bottle added to the meeting.",
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
      title="Add Bottle"
      onClose={onClose}
      onSubmit={() => {
        if (bottleId !== null) add.mutate({ meetingId, bottleId: Number.parseInt(bottleId, 10) });
      }}
      errors={[
        options.isError && Messages.fetchAvailableBottles,
        failure(Messages.addBottleToMeeting, add.error),
      ]}
      canSubmit={bottleId !== null}
      submitting={add.isPending}
    >
      <Select
        label="Bottle"
        placeholder={options.isPending ? "Loading bottles…" : "Choose a bottle"}
        disabled={options.isPending}
        data={data}
        value={bottleId}
        onChange={setBottleId}
        searchable
        nothingFoundMessage="No matching bottle"
        data-autofocus
      />
    </FormDialog>
  );
}
