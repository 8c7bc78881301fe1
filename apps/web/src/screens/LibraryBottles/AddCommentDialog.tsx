import { useState } from "react";
import { Button, Group, Modal, Stack, Textarea } from "@mantine/core";
import "../../styles/modal";
import { COMMENT_MAX, Messages, type BottleListItem } from "@club/shared";
import { ErrorAlert } from "../../components/status";
import { trpc } from "../../lib/trpc";
import { notify } from "../../lib/notify";

/** Add Comment (members). Submit is disabled unless the trimmed comment is non-empty. */
export default function AddCommentDialog({
  bottle,
  onClose,
}: {
  bottle: BottleListItem;
  onClose: () => void;
}) {
  const [comment, setComment] = useState("");
  const utils = trpc.useUtils();
  const create = trpc.comments.create.useMutation({
    onSuccess: async () => {
      notify("Comment added.");
      onClose();
      await utils.comments.invalidate();
    },
  });
  const trimmed = comment.trim();

  return (
    <Modal opened onClose={onClose} title={`Add Comment on ${bottle.name}`} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed) create.mutate({ bottleId: bottle.id, comment: trimmed });
        }}
      >
        <Stack>
          {create.isError ? <ErrorAlert message={Messages.submitComment} /> : null}
          <Textarea
            label="Comment"
            placeholder="Nose, palate, finish… what did you think?"
            autosize
            minRows={4}
            maxRows={10}
            maxLength={COMMENT_MAX}
            data-autofocus
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!trimmed} loading={create.isPending}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
