import { Text, Textarea } from "@mantine/core";
import { COMMENT_MAX, type Comment } from "@club/shared";
import { DeleteDialog } from "../../components/DeleteDialog";
import { EditTextDialog } from "../../components/EditTextDialog";
import { trpc } from "../../lib/trpc";
import { useT } from "../../lib/i18n";
import { bottleMessages } from "./bottleMessages";

interface Props {
  comment: Comment;
  onClose: () => void;
}

/** Correct a comment (its author or an admin); as when posting, Save needs a non-blank text. */
export function EditCommentDialog({ comment, onClose }: Props) {
  const t = useT(bottleMessages);
  return (
    <EditTextDialog
      title={t("editCommentTitle")}
      size="lg"
      write={trpc.comments.update}
      edit={{ entity: "comment", id: comment.id, verb: "update", field: "comment", current: comment.comment }}
      onClose={onClose}
    >
      {(field) => (
        <Textarea
          label={t("commentLabel")}
          autosize
          minRows={4}
          maxRows={10}
          maxLength={COMMENT_MAX}
          data-autofocus
          {...field}
        />
      )}
    </EditTextDialog>
  );
}

/** Delete a comment (its author or an admin). */
export function DeleteCommentDialog({ comment, onClose }: Props) {
  const t = useT(bottleMessages);
  return (
    <DeleteDialog entity="comment" id={comment.id} write={trpc.comments.delete} onClose={onClose}>
      {t("deleteCommentText", { name: `${comment.member.firstName} ${comment.member.lastName}` })}
      <Text
        size="sm"
        c="dimmed"
        mt="xs"
        lineClamp={4}
        style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
      >
        {t("quoted", { text: comment.comment })}
      </Text>
    </DeleteDialog>
  );
}
