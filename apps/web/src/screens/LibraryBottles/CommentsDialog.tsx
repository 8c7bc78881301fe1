import { useEffect } from "react";
import { Modal } from "@mantine/core";
import "../../styles/modal";
import type { BottleListItem } from "@club/shared";
import { CommentList } from "../../components/CommentList";
import { EmptyMessage, PageLoader } from "../../components/status";
import { trpc } from "../../lib/trpc";
import { useReturnFocus } from "../../lib/returnFocus";
import { useT } from "../../lib/i18n";
import { libraryMessages } from "./libraryMessages";

/** View Comments (everyone). A failed fetch is only logged; the dialog then shows the empty message. */
export function CommentsDialog({ bottle, onClose }: { bottle: BottleListItem; onClose: () => void }) {
  const t = useT(libraryMessages);
  useReturnFocus();
  const comments = trpc.comments.byBottle.useQuery({ bottleId: bottle.id }, { retry: false });

  useEffect(() => {
    if (comments.error) console.error("Failed to fetch comments", comments.error);
  }, [comments.error]);

  return (
    <Modal opened onClose={onClose} title={t("commentsTitle", { name: bottle.name })} size="lg">
      {comments.isPending ? (
        <PageLoader py={24} />
      ) : comments.isError || comments.data.length === 0 ? (
        <EmptyMessage>{t("noComments")}</EmptyMessage>
      ) : (
        <CommentList comments={comments.data} />
      )}
    </Modal>
  );
}
