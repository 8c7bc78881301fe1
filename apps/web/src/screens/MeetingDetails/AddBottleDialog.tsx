import { useState } from "react";
import { Button, Group, Modal, Select, Stack } from "@mantine/core";
import "../../styles/modal";
import "../../styles/combobox";
import { Messages } from "@club/shared";
import { ErrorAlert } from "../../components/status";
import { trpc } from "../../lib/trpc";
import { notify } from "../../lib/notify";

/** Add Bottle to a meeting (members): pick one of the available bottles; submit needs a choice. */
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
  const utils = trpc.useUtils();
  const options = trpc.bottles.options.useQuery();
  const add = trpc.meetings.addBottle.useMutation({
    onSuccess: async () => {
      notify("Bottle added to the meeting.");
      onClose();
      await utils.meetings.invalidate();
    },
  });
  const data = (options.data ?? [])
    .filter((bottle) => !sampledIds.includes(bottle.id))
    .map((bottle) => ({ value: String(bottle.id), label: bottle.name }));

  return (
    <Modal opened onClose={onClose} title="Add Bottle">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (bottleId !== null) add.mutate({ meetingId, bottleId: Number.parseInt(bottleId, 10) });
        }}
      >
        <Stack>
          {options.isError ? <ErrorAlert message={Messages.fetchAvailableBottles} /> : null}
          {add.isError ? <ErrorAlert message={Messages.addBottleToMeeting} /> : null}
          <Select
            label="Bottle"
            placeholder={options.isPending ? "Loading bottles…" : "Choose a bottle"}
            disabled={options.isPending}
            data={data}
            value={bottleId}
            onChange={setBottleId}
            searchable
            nothingFoundMessage="No matching bottle"
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={bottleId === null} loading={add.isPending}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
