import { useState } from "react";
import { Textarea } from "@mantine/core";
import { COMMENT_MAX, Messages } from "@club/shared";
import { failure } from "../lib/errors";
import { trpc } from "../lib/trpc";
import { useUndoableSave } from "../lib/undo";
import { FormCard } from "./FormCard";
import { FormDialog } from "./FormDialog";
import { useT } from "../lib/i18n";
import { commonMessages } from "./commonMessages";

// The floor gives each place its own failure message; the rest follows the place too.
const PLACES = {
  /** The library's Add Comment dialog. */
  dialog: {
    failure: Messages.submitComment,
    notice: "comment.added",
    submitLabel: "submit",
    minRows: 4,
    maxRows: 10,
  },
  /** The bottle page, under its comments. */
  card: {
    failure: Messages.postComment,
    notice: "comment.posted",
    submitLabel: "comment.post",
    minRows: 3,
    maxRows: 8,
  },
} as const;

/**
 * Members: write a comment on a bottle (docs/product.md, The floor: Submit is disabled unless the trimmed
 * comment is non-empty; the trimmed text is sent). In a dialog when `dialog` is given, which closes
 * once the comment is posted; otherwise a card on the page, which clears itself.
 */
export function CommentForm({
  bottleId,
  dialog,
}: {
  bottleId: number;
  dialog?: { title: string; onClose: () => void };
}) {
  const t = useT(commonMessages);
  const place = dialog ? PLACES.dialog : PLACES.card;
  const [comment, setComment] = useState("");
  const create = trpc.comments.create.useMutation({
    onSuccess: useUndoableSave(
      t(place.notice),
      (created) => ({ entity: "comment", entityId: created.id, action: "comments.create" }),
      dialog ? dialog.onClose : () => setComment(""),
    ),
  });
  const trimmed = comment.trim();

  const form = {
    onSubmit: () => {
      if (trimmed) create.mutate({ bottleId, comment: trimmed });
    },
    errors: [failure(place.failure, create.error)],
    canSubmit: trimmed !== "",
    submitting: create.isPending,
    submitLabel: t(place.submitLabel),
  };
  const field = (
    <Textarea
      label={t("comment.label")}
      placeholder={t("comment.placeholder")}
      autosize
      minRows={place.minRows}
      maxRows={place.maxRows}
      maxLength={COMMENT_MAX}
      data-autofocus={dialog ? true : undefined}
      value={comment}
      onChange={(event) => setComment(event.currentTarget.value)}
    />
  );

  return dialog ? (
    <FormDialog title={dialog.title} size="lg" onClose={dialog.onClose} {...form}>
      {field}
    </FormDialog>
  ) : (
    <FormCard {...form}>{field}</FormCard>
  );
}
