import { Messages, type BottleInstance } from "@club/shared";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DeleteDialog } from "../../components/DeleteDialog";
import { formatDate, formatPrice } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { useUndoableSave } from "../../lib/undo";

/** "the purchase of Jan 9, 2026 ($54.99)". */
export const purchaseLabel = (instance: BottleInstance) =>
  `the purchase of ${formatDate(instance.datePurchased)} (${formatPrice(instance.purchasePrice)})`;

interface Props {
  instance: BottleInstance;
  onClose: () => void;
}

/** The floor's 'Bottle Finished', asked first: sets the finish date to now (any member). */
export function FinishInstanceDialog({ instance, onClose }: Props) {
  const finish = trpc.instances.finish.useMutation({
    onSuccess: useUndoableSave(
      "Marked as finished.",
      { entity: "instance", entityId: instance.id, action: "instances.finish" },
      onClose,
    ),
  });

  return (
    <ConfirmDialog
      title="Bottle Finished"
      confirmLabel="Mark finished"
      color="amber"
      onConfirm={() => finish.mutate({ id: instance.id })}
      onClose={onClose}
      pending={finish.isPending}
      error={finish.isError ? Messages.finishInstance : null}
      cause={finish.error}
    >
      Mark {purchaseLabel(instance)} as finished today?
    </ConfirmDialog>
  );
}

/** Delete a purchase (the member who added it or an admin). */
export function DeleteInstanceDialog({ instance, onClose }: Props) {
  return (
    <DeleteDialog entity="instance" id={instance.id} write={trpc.instances.delete} onClose={onClose}>
      Delete {purchaseLabel(instance)}? You can undo it right after.
    </DeleteDialog>
  );
}
