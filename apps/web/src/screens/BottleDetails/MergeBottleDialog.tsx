import "../../styles/combobox";
import { useMemo, useState } from "react";
import { Select, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import type { BottleDetail } from "@club/shared";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { FormDialog } from "../../components/FormDialog";
import { failureMessage } from "../../lib/failure";
import { trpc } from "../../lib/trpc";
import { useUndoableSave } from "../../lib/undo";
import { nameKey, sameName } from "../../lib/sameName";

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/**
 * An admin merges this bottle (a duplicate) into another: pick the bottle to keep, read what
 * moves, confirm; then the kept bottle's page, with an Undo toast.
 */
export function MergeBottleDialog({ bottle, onClose }: { bottle: BottleDetail; onClose: () => void }) {
  const [keepId, setKeepId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const options = trpc.bottles.options.useQuery();
  const choices = useMemo(() => {
    const others = (options.data ?? []).filter((option) => option.id !== bottle.id);
    // Bottles of one name (the duplicates a merge is for) are told apart by their number.
    const uses = new Map<string, number>();
    for (const option of [...others, bottle])
      uses.set(nameKey(option.name), (uses.get(nameKey(option.name)) ?? 0) + 1);
    return others.map((option) => ({
      value: String(option.id),
      label: (uses.get(nameKey(option.name)) ?? 0) > 1 ? `${option.name} (no. ${option.id})` : option.name,
      name: option.name,
    }));
  }, [options.data, bottle]);
  const keepName = choices.find((choice) => choice.value === keepId)?.name ?? "";
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const merge = trpc.bottles.mergeInto.useMutation({
    onSuccess: useUndoableSave(
      sameName(bottle.name, keepName)
        ? `Merged into the other ${keepName}.`
        : `${bottle.name} merged into ${keepName}.`,
      { entity: "bottle", entityId: bottle.id, action: "bottles.mergeInto" },
      // Everything cached is stale now (purchases, pours, scores, lists moved), but nothing is
      // refetched here: the merged bottle's queries would only 404, and the kept bottle's page
      // fetches its own as it opens (refetching while it does raced with its first fetch).
      () => queryClient.invalidateQueries({ refetchType: "none" }),
      () => navigate(`/bottle/${keepId}`),
    ),
  });

  if (confirming && keepId !== null) {
    const purchases = bottle.bottleInstances.length;
    return (
      <ConfirmDialog
        title="Merge bottles"
        confirmLabel="Merge bottles"
        color="amber"
        onConfirm={() => merge.mutate({ id: bottle.id, keepId: Number(keepId) })}
        onClose={onClose}
        pending={merge.isPending}
        error={merge.isError ? failureMessage(merge.error, "Failed to merge the bottles.") : null}
        cause={merge.error}
      >
        {sameName(bottle.name, keepName) ? (
          // "Merge Redbreast 12 into Redbreast 12" said nothing; name them apart.
          <>
            Merge this {bottle.name} (no. {bottle.id}) into the other {keepName} (no. {keepId})? Its{" "}
            {count(purchases, "purchase", "purchases")}, its comments,
            {bottle.hasImage ? " its photo (unless the other one has its own)," : ""} its places in meetings
            and their scores move to the other {keepName}, and this one is removed. You can undo it right
            after.
          </>
        ) : (
          <>
            Merge {bottle.name} into {keepName}? Its {count(purchases, "purchase", "purchases")}, its
            comments,
            {bottle.hasImage ? ` its photo (unless ${keepName} has its own),` : ""} its places in meetings and
            their scores move to {keepName}, and “{bottle.name}” becomes another name of {keepName}.{" "}
            {bottle.name} itself is removed. You can undo it right after.
          </>
        )}
      </ConfirmDialog>
    );
  }

  return (
    <FormDialog
      title="Merge into another bottle"
      onClose={onClose}
      onSubmit={() => setConfirming(true)}
      canSubmit={keepId !== null}
      submitting={false}
      submitLabel="Next"
      errors={[options.isError && "Failed to load the bottles."]}
    >
      <Text size="sm">
        Is {bottle.name} a duplicate? Choose the bottle to keep: everything of this one moves to it.
      </Text>
      <Select
        label="Bottle to keep"
        placeholder={options.isPending ? "Loading bottles…" : "Search the library"}
        data-autofocus
        searchable
        required
        data={choices}
        value={keepId}
        onChange={setKeepId}
        nothingFoundMessage="No bottle by that name"
        limit={50}
      />
    </FormDialog>
  );
}
