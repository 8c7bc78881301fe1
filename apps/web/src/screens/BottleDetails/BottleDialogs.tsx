import type { BottleDetail } from "@club/shared";
import { DeleteDialog } from "../../components/DeleteDialog";
import { trpc } from "../../lib/trpc";

interface Props {
  bottle: BottleDetail;
  onClose: () => void;
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
