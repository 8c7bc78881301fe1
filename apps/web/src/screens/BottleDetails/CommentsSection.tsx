import { lazy, Suspense, useDeferredValue, useEffect } from "react";
import { Paper, Stack, Title } from "@mantine/core";
import { Messages } from "@club/shared";
import { DataTable } from "../../components/DataTable";
import { EmptyMessage, PageLoader } from "../../components/status";
import { formatDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";

// Members only: visitors never download the form (Textarea and its autosize).
const CommentForm = lazy(() =>
  import("../../components/CommentForm").then((m) => ({ default: m.CommentForm })),
);

/** The comments table; a failed fetch is only logged and shows the empty message. */
export function CommentsSection({ bottleId, isMember }: { bottleId: number; isMember: boolean }) {
  const comments = trpc.comments.byBottle.useQuery({ bottleId }, { retry: false });
  // A popular bottle has hundreds of comments: their table renders as a transition, in slices.
  const list = useDeferredValue(comments.data);

  useEffect(() => {
    if (comments.error) console.error("Failed to fetch comments", comments.error);
  }, [comments.error]);

  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        Comments
      </Title>
      {comments.isError || list?.length === 0 ? (
        <Paper withBorder radius="lg">
          <EmptyMessage>{Messages.noComments}</EmptyMessage>
        </Paper>
      ) : list === undefined ? (
        <PageLoader py={24} />
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
            {list.map((comment) => (
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
      {isMember ? (
        <Suspense fallback={null}>
          <CommentForm bottleId={bottleId} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
