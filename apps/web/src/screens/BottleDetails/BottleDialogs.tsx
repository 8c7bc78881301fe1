import { useState } from "react";
import { TextInput } from "@mantine/core";
import { BottleSizeSchema, StoreLinkSchema, type BottleDetail } from "@club/shared";
import { BottleSizeInput } from "../../components/BottleSizeInput";
import { DeleteDialog } from "../../components/DeleteDialog";
import { FormDialog } from "../../components/FormDialog";
import { numberInputValue } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { useUndoableWrite } from "../../lib/undoableWrite";
import { useCheckedField } from "../../lib/useCheckedField";

interface Props {
  bottle: BottleDetail;
  onClose: () => void;
}

/** Correct a bottle's name, store link and size (any member, as its other attributes). */
export function EditBottleDialog({ bottle, onClose }: Props) {
  const [name, setName] = useState(bottle.name);
  const storeLink = useCheckedField(bottle.storeLink ?? "");
  const size = useCheckedField<number | string>(bottle.sizeMl);
  const update = useUndoableWrite(trpc.bottles.update, {
    entity: "bottle",
    id: bottle.id,
    verb: "update",
    onDone: onClose,
  });
  const trimmedName = name.trim();
  const trimmedLink = storeLink.value.trim();
  const sizeMl = numberInputValue(size.value);
  const changed =
    trimmedName !== bottle.name || trimmedLink !== (bottle.storeLink ?? "") || sizeMl !== bottle.sizeMl;

  return (
    <FormDialog
      title="Edit Bottle"
      onClose={onClose}
      onSubmit={() => {
        const link = StoreLinkSchema.safeParse(trimmedLink);
        if (!link.success) {
          storeLink.setError(link.error.issues[0]?.message ?? "The store link must be an http(s) URL.");
          return;
        }
        const sized = BottleSizeSchema.safeParse(sizeMl ?? Number.NaN);
        if (!sized.success) {
          size.setError(sized.error.issues[0]?.message ?? null);
          return;
        }
        update.mutate({
          id: bottle.id,
          name: trimmedName,
          storeLink: link.data === "" ? null : link.data,
          sizeMl: sized.data,
        });
      }}
      errors={[update.failure]}
      canSubmit={changed && trimmedName !== ""}
      submitting={update.pending}
      submitLabel="Save"
    >
      <TextInput
        label="Name"
        required
        data-autofocus
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <TextInput
        type="url"
        label="Store link"
        placeholder="https://"
        value={storeLink.value}
        error={storeLink.error}
        onChange={(event) => storeLink.change(event.currentTarget.value)}
      />
      <BottleSizeInput value={size.value} error={size.error} onChange={size.change} />
    </FormDialog>
  );
}

/** Delete a bottle with everything that hangs on it (admins), then back to the library. */
export function DeleteBottleDialog({ bottle, onClose }: Props) {
  const purchases = bottle.bottleInstances.length;

  return (
    <DeleteDialog
      entity="bottle"
      id={bottle.id}
      write={trpc.bottles.delete}
      notice={`${bottle.name} deleted.`}
      leaveTo="/library-bottles"
      onClose={onClose}
    >
      Delete {bottle.name} from the library, with its{" "}
      {purchases === 1 ? "1 purchase" : `${purchases} purchases`}, its comments, its photo and its places in
      meetings? You can undo it right after.
    </DeleteDialog>
  );
}
