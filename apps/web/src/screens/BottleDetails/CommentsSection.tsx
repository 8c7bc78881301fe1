import { lazy, Suspense, useDeferredValue, useEffect, useState } from "react";
import { Group, Paper, Stack, Title } from "@mantine/core";
import { Messages, type Comment } from "@club/shared";
import { DataTable } from "../../components/DataTable";
import { EditDeleteActions } from "../../components/EditDeleteActions";
import { EmptyMessage, PageLoader } from "../../components/status";
import { formatDate } from "../../lib/format";
import { usePermissions } from "../../lib/permissions";
import { trpc } from "../../lib/trpc";
import { Later } from "../../components/Later";

// Members only: visitors never download the form (Textarea and its autosize) or the dialogs.
const CommentForm = lazy(() =>
  import("../../components/CommentForm").then((m) => ({ default: m.CommentForm })),
);
const loadDialogs = () => import("./CommentDialogs");
const EditCommentDialog = lazy(() => loadDialogs().then((m) => ({ default: m.EditCommentDialog })));
const DeleteCommentDialog = lazy(() => loadDialogs().then((m) => ({ default: m.DeleteCommentDialog })));

type Dialog = { kind: "edit" | "delete"; comment: Comment } | null;

/** Edit and Delete, for the comment's author and admins. */
function CommentActions({ comment, open }: { comment: Comment; open: (dialog: Dialog) => void }) {
  return (
    <Group gap={4} wrap="nowrap">
      <EditDeleteActions
        edit={{ label: "Edit comment", onClick: () => open({ kind: "edit", comment }) }}
        remove={{ label: "Delete comment", onClick: () => open({ kind: "delete", comment }) }}
      />
    </Group>
  );
}

/** The comments table; a failed fetch is only logged and shows the empty message. */
export function CommentsSection({ bottleId, isMember }: { bottleId: number; isMember: boolean }) {
  const comments = trpc.comments.byBottle.useQuery({ bottleId }, { retry: false });
  const { mayCorrect } = usePermissions();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  // A popular bottle has hundreds of comments: their table renders as a transition, in slices.
  const list = useDeferredValue(comments.data);

  const withActions = (list ?? []).some((comment) => mayCorrect(comment.memberId));

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
              {withActions ? <th>Actions</th> : null}
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
                {withActions ? (
                  <td>
                    {mayCorrect(comment.memberId) ? (
                      <CommentActions comment={comment} open={setDialog} />
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <Later when={isMember}>
        <CommentForm bottleId={bottleId} />
      </Later>
      <Suspense fallback={null}>
        {dialog?.kind === "edit" ? (
          <EditCommentDialog comment={dialog.comment} onClose={close} />
        ) : dialog?.kind === "delete" ? (
          <DeleteCommentDialog comment={dialog.comment} onClose={close} />
        ) : null}
      </Suspense>
    </Stack>
  );
}
