import { useState } from "react";
import { Text, Textarea } from "@mantine/core";
import { COMMENT_MAX, type Comment } from "@club/shared";
import { DeleteDialog } from "../../components/DeleteDialog";
import { FormDialog } from "../../components/FormDialog";
import { failureMessage } from "../../lib/failure";
import { trpc } from "../../lib/trpc";
import { useUndoableSave } from "../../lib/undo";

interface Props {
  comment: Comment;
  onClose: () => void;
}

/** Correct a comment (its author or an admin); as when posting, Save needs a non-blank text. */
export function EditCommentDialog({ comment, onClose }: Props) {
  const [text, setText] = useState(comment.comment);
  const update = trpc.comments.update.useMutation({
    onSuccess: useUndoableSave(
      "Comment updated.",
      { entity: "comment", entityId: comment.id, action: "comments.update" },
      onClose,
    ),
  });
  const trimmed = text.trim();

  return (
    <FormDialog
      title="Edit Comment"
      size="lg"
      onClose={onClose}
      onSubmit={() => update.mutate({ id: comment.id, comment: trimmed })}
      errors={[update.isError && failureMessage(update.error, "Failed to update the comment.")]}
      canSubmit={trimmed !== "" && trimmed !== comment.comment}
      submitting={update.isPending}
      submitLabel="Save"
    >
      <Textarea
        label="Comment"
        autosize
        minRows={4}
        maxRows={10}
        maxLength={COMMENT_MAX}
        data-autofocus
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
    </FormDialog>
  );
}

/** Delete a comment (its author or an admin). */
export function DeleteCommentDialog({ comment, onClose }: Props) {
  return (
    <DeleteDialog entity="comment" id={comment.id} write={trpc.comments.delete} onClose={onClose}>
      Delete this comment by {comment.member.firstName} {comment.member.lastName}? You can undo it right
      after.
      <Text
        size="sm"
        c="dimmed"
        mt="xs"
        lineClamp={4}
        style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
      >
        “{comment.comment}”
      </Text>
    </DeleteDialog>
  );
}
