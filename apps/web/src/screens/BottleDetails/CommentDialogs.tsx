import { useState } from "react";
import { Text, Textarea } from "@mantine/core";
import { COMMENT_MAX, type Comment } from "@club/shared";
import { DeleteDialog } from "../../components/DeleteDialog";
import { FormDialog } from "../../components/FormDialog";
import { trpc } from "../../lib/trpc";
import { useUndoableWrite } from "../../lib/undoableWrite";

interface Props {
  comment: Comment;
  onClose: () => void;
}

/** Correct a comment (its author or an admin); as when posting, Save needs a non-blank text. */
export function EditCommentDialog({ comment, onClose }: Props) {
  const [text, setText] = useState(comment.comment);
  const update = useUndoableWrite(trpc.comments.update, {
    entity: "comment",
    id: comment.id,
    verb: "update",
    onDone: onClose,
  });
  const trimmed = text.trim();

  return (
    <FormDialog
      title="Edit Comment"
      size="lg"
      onClose={onClose}
      onSubmit={() => update.mutate({ id: comment.id, comment: trimmed })}
      errors={[update.failure]}
      canSubmit={trimmed !== "" && trimmed !== comment.comment}
      submitting={update.pending}
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
