import { lazy, Suspense, useDeferredValue, useEffect } from "react";
import { Paper, Stack, Title } from "@mantine/core";
import type { Comment } from "@club/shared";
import { DataTable } from "../../components/DataTable";
import { useCorrectionsColumn } from "../../components/EditDeleteActions";
import { TableColumns, type Column } from "../../components/TableColumns";
import { useOpenRow } from "../../components/useOpenRow";
import { EmptyMessage, PageLoader } from "../../components/status";
import { formatDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { useT } from "../../lib/i18n";
import { bottleMessages, type BottleT } from "./bottleMessages";
import { Later } from "../../components/Later";

// Members only: visitors never download the form (Textarea and its autosize) or the dialogs.
const CommentForm = lazy(() =>
  import("../../components/CommentForm").then((m) => ({ default: m.CommentForm })),
);
const loadDialogs = () => import("./CommentDialogs");
const EditCommentDialog = lazy(() => loadDialogs().then((m) => ({ default: m.EditCommentDialog })));
const DeleteCommentDialog = lazy(() => loadDialogs().then((m) => ({ default: m.DeleteCommentDialog })));

const commentColumns = (t: BottleT): Column<Comment>[] => [
  {
    header: t("col.member"),
    td: { style: { whiteSpace: "nowrap", fontWeight: 600 } },
    cell: (comment) => (
      <>
        {comment.member.firstName} {comment.member.lastName}
      </>
    ),
  },
  {
    header: t("col.comment"),
    td: { style: { whiteSpace: "pre-wrap", overflowWrap: "anywhere" } },
    cell: (comment) => comment.comment,
  },
  {
    header: t("col.date"),
    td: { style: { whiteSpace: "nowrap" } },
    cell: (comment) => <time dateTime={comment.createdAt}>{formatDate(comment.createdAt)}</time>,
  },
];

/** The comments table; a failed fetch is only logged and shows the empty message. */
export function CommentsSection({ bottleId, isMember }: { bottleId: number; isMember: boolean }) {
  const t = useT(bottleMessages);
  const comments = trpc.comments.byBottle.useQuery({ bottleId }, { retry: false });
  const dialog = useOpenRow("comment", { edit: EditCommentDialog, delete: DeleteCommentDialog });
  // A popular bottle has hundreds of comments: their table renders as a transition, in slices.
  const list = useDeferredValue(comments.data);

  const columns = [
    ...commentColumns(t),
    ...useCorrectionsColumn(
      list ?? [],
      (comment) => comment.memberId,
      (comment) => ({
        edit: { label: t("editComment"), onClick: () => dialog.open("edit", comment) },
        remove: { label: t("deleteComment"), onClick: () => dialog.open("delete", comment) },
      }),
    ),
  ];

  useEffect(() => {
    if (comments.error) console.error("Failed to fetch comments", comments.error);
  }, [comments.error]);

  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        {t("comments")}
      </Title>
      {comments.isError || list?.length === 0 ? (
        <Paper withBorder radius="lg">
          <EmptyMessage>{t("noComments")}</EmptyMessage>
        </Paper>
      ) : list === undefined ? (
        <PageLoader py={24} />
      ) : (
        <DataTable label={t("comments")} minWidth={520}>
          <TableColumns columns={columns} rows={list} rowKey={(comment) => comment.id} />
        </DataTable>
      )}
      <Later when={isMember}>
        <CommentForm bottleId={bottleId} />
      </Later>
      <Suspense fallback={null}>{dialog.element}</Suspense>
    </Stack>
  );
}
