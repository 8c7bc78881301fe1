import { useState } from "react";
import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import "../../styles/modal";
import { Messages } from "@club/shared";
import { ErrorAlert } from "../../components/status";
import { trpc } from "../../lib/trpc";
import { notify } from "../../lib/notify";

/** Add New Theme (members). SPEC: no client check on an empty name; the server decides. */
export default function AddThemeDialog({ onClose }: { onClose: () => void }) {
  const [description, setDescription] = useState("");
  const utils = trpc.useUtils();
  const create = trpc.themes.create.useMutation({
    onSuccess: async () => {
      notify("Theme added.");
      onClose();
      await utils.themes.invalidate();
    },
  });

  return (
    <Modal opened onClose={onClose} title="Add New Theme">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ id: 0, description });
        }}
      >
        <Stack>
          {create.isError ? <ErrorAlert message={Messages.addTheme} /> : null}
          <TextInput
            label="Theme name"
            placeholder="e.g. Islay peat monsters"
            data-autofocus
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
