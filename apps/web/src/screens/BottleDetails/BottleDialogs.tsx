import type { BottleDetail } from "@club/shared";
import { DeleteDialog } from "../../components/DeleteDialog";
import { trpc } from "../../lib/trpc";
import { useT } from "../../lib/i18n";
import { bottleMessages } from "./bottleMessages";

interface Props {
  bottle: BottleDetail;
  onClose: () => void;
}

/** Delete a bottle with everything that hangs on it (admins), then back to the library. */
export function DeleteBottleDialog({ bottle, onClose }: Props) {
  const t = useT(bottleMessages);
  const purchases = bottle.bottleInstances.length;

  return (
    <DeleteDialog
      entity="bottle"
      id={bottle.id}
      write={trpc.bottles.delete}
      notice={t("deleted", { name: bottle.name })}
      leaveTo="/library-bottles"
      onClose={onClose}
    >
      {t("deleteConfirm", { name: bottle.name, purchases })}
    </DeleteDialog>
  );
}
