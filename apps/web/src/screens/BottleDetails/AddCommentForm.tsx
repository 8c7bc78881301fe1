import { useState } from "react";
import { Button, Group, Paper, Stack, Textarea } from "@mantine/core";
import { COMMENT_MAX, Messages } from "@club/shared";
import { ErrorAlert } from "../../components/status";
import { trpc } from "../../lib/trpc";
import { notify } from "../../lib/notify";

/** Members: post a comment (Post Comment is disabled until the trimmed comment is non-empty). */
export default function AddCommentForm({ bottleId }: { bottleId: number }) {
  const [comment, setComment] = useState("");
  const utils = trpc.useUtils();
  const create = trpc.comments.create.useMutation({
    onSuccess: async () => {
      setComment("");
      notify("Comment posted.");
      await utils.comments.invalidate();
    },
  });
  const trimmed = comment.trim();

  return (
    <Paper withBorder p="md" radius="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed) create.mutate({ bottleId, comment: trimmed });
        }}
      >
        <Stack gap="sm">
          {create.isError ? <ErrorAlert message={Messages.postComment} /> : null}
          <Textarea
            label="Comment"
            placeholder="Nose, palate, finish… what did you think?"
            autosize
            minRows={3}
            maxRows={8}
            maxLength={COMMENT_MAX}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button type="submit" disabled={!trimmed} loading={create.isPending}>
              Post Comment
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
