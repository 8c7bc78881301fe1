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
import { useLanguage, useT } from "../../lib/i18n";
import { bottleMessages } from "./bottleMessages";

/**
 * An admin merges this bottle (a duplicate) into another: pick the bottle to keep, read what
 * moves, confirm; then the kept bottle's page, with an Undo toast.
 */
export function MergeBottleDialog({ bottle, onClose }: { bottle: BottleDetail; onClose: () => void }) {
  const t = useT(bottleMessages);
  const language = useLanguage();
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
      label:
        (uses.get(nameKey(option.name)) ?? 0) > 1
          ? t("mergeChoice", { name: option.name, id: option.id })
          : option.name,
      name: option.name,
    }));
    // t is new each render; the language is what changes its words.
  }, [options.data, bottle, language]);
  const keepName = choices.find((choice) => choice.value === keepId)?.name ?? "";
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const merge = trpc.bottles.mergeInto.useMutation({
    onSuccess: useUndoableSave(
      sameName(bottle.name, keepName)
        ? t("mergedSame", { keep: keepName })
        : t("merged", { name: bottle.name, keep: keepName }),
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
        title={t("mergeConfirmTitle")}
        confirmLabel={t("mergeConfirm")}
        color="amber"
        onConfirm={() => merge.mutate({ id: bottle.id, keepId: Number(keepId) })}
        onClose={onClose}
        pending={merge.isPending}
        error={merge.isError ? failureMessage(merge.error, t("mergeFailed")) : null}
        cause={merge.error}
      >
        {t(
          // "Merge Redbreast 12 into Redbreast 12" said nothing; name them apart.
          sameName(bottle.name, keepName) ? "mergeSameText" : "mergeText",
          {
            name: bottle.name,
            id: bottle.id,
            keep: keepName,
            keepId,
            purchases,
            photo: bottle.hasImage ? "yes" : "no",
          },
        )}
      </ConfirmDialog>
    );
  }

  return (
    <FormDialog
      title={t("mergeTitle")}
      onClose={onClose}
      onSubmit={() => setConfirming(true)}
      canSubmit={keepId !== null}
      submitting={false}
      submitLabel={t("mergeNext")}
      errors={[options.isError && t("mergeLoadFailed")]}
    >
      <Text size="sm">{t("mergeIntro", { name: bottle.name })}</Text>
      <Select
        label={t("mergeKeep")}
        placeholder={options.isPending ? t("mergeLoading") : t("mergeSearch")}
        data-autofocus
        searchable
        required
        data={choices}
        value={keepId}
        onChange={setKeepId}
        nothingFoundMessage={t("mergeNothing")}
        limit={50}
      />
    </FormDialog>
  );
}
