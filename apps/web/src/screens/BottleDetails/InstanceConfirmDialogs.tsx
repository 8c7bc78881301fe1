import type { BottleInstance } from "@club/shared";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DeleteDialog } from "../../components/DeleteDialog";
import { formatDate, formatPrice } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { useUndoableSave } from "../../lib/undo";
import { useT } from "../../lib/i18n";
import { bottleMessages } from "./bottleMessages";

/** A purchase as its confirmations name it: "Jan 9, 2026" and "$54.99". */
const purchaseValues = (instance: BottleInstance) => ({
  date: formatDate(instance.datePurchased),
  price: formatPrice(instance.purchasePrice),
});

interface Props {
  instance: BottleInstance;
  onClose: () => void;
}

/** The floor's 'Bottle Finished', asked first: sets the finish date to now (any member). */
export function FinishInstanceDialog({ instance, onClose }: Props) {
  const t = useT(bottleMessages);
  const finish = trpc.instances.finish.useMutation({
    onSuccess: useUndoableSave(
      t("finished"),
      { entity: "instance", entityId: instance.id, action: "instances.finish" },
      onClose,
    ),
  });

  return (
    <ConfirmDialog
      title={t("finishTitle")}
      confirmLabel={t("finishConfirm")}
      color="amber"
      onConfirm={() => finish.mutate({ id: instance.id })}
      onClose={onClose}
      pending={finish.isPending}
      error={finish.isError ? t("finishFailed") : null}
      cause={finish.error}
    >
      {t("finishText", purchaseValues(instance))}
    </ConfirmDialog>
  );
}

/** Delete a purchase (the member who added it or an admin). */
export function DeleteInstanceDialog({ instance, onClose }: Props) {
  const t = useT(bottleMessages);
  return (
    <DeleteDialog entity="instance" id={instance.id} write={trpc.instances.delete} onClose={onClose}>
      {t("deletePurchaseText", purchaseValues(instance))}
    </DeleteDialog>
  );
}
