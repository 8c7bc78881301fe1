import { useEffect, useState } from "react";
import { Button, Group, Paper, Stack, Textarea, Title } from "@mantine/core";
import { COMMENT_MAX, Messages } from "@club/shared";
import { DataTable } from "../../components/DataTable";
import { EmptyMessage, ErrorAlert, PageLoader } from "../../components/status";
import { formatDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { notify } from "../../lib/notify";

function AddCommentForm({ bottleId }: { bottleId: number }) {
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

/** The comments table; a failed fetch is only logged and shows the empty message. */
export function CommentsSection({ bottleId, isMember }: { bottleId: number; isMember: boolean }) {
  const comments = trpc.comments.byBottle.useQuery({ bottleId }, { retry: false });

  useEffect(() => {
    if (comments.error) console.error("Failed to fetch comments", comments.error);
  }, [comments.error]);

  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        Comments
      </Title>
      {comments.isPending ? (
        <PageLoader py={24} />
      ) : comments.isError || comments.data.length === 0 ? (
        <Paper withBorder radius="lg">
          <EmptyMessage>{Messages.noComments}</EmptyMessage>
        </Paper>
      ) : (
        <DataTable label="Comments" minWidth={520}>
          <thead>
            <tr>
              <th>Member</th>
              <th>Comment</th>
              <th>Date</th>
            </tr>
          </thead>
          <tbody>
            {comments.data.map((comment) => (
              <tr key={comment.id}>
                <td style={{ whiteSpace: "nowrap", fontWeight: 600 }}>
                  {comment.member.firstName} {comment.member.lastName}
                </td>
                <td style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{comment.comment}</td>
                <td style={{ whiteSpace: "nowrap" }}>
                  <time dateTime={comment.createdAt}>{formatDate(comment.createdAt)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {isMember ? <AddCommentForm bottleId={bottleId} /> : null}
    </Stack>
  );
}
