import { useState } from "react";
import { Group } from "@mantine/core";
import { FormCard } from "../../components/FormCard";
import { failure } from "../../lib/errors";
import { numberInputValue, today } from "../../lib/format";
import { pastDateProblem, purchasePriceProblem } from "../../lib/purchaseRules";
import { trpc } from "../../lib/trpc";
import { formatMoney } from "../../lib/money";
import { useT } from "../../lib/i18n";
import { bottleMessages } from "./bottleMessages";
import { useUndoableSave } from "../../lib/undo";
import { PurchaseDateInput, PurchasePriceInput } from "./PurchaseInputs";

/** Members: a purchase (date defaults to today, price required); it starts unfinished. */
export default function AddInstanceForm({ bottleId }: { bottleId: number }) {
  const t = useT(bottleMessages);
  const [datePurchased, setDatePurchased] = useState(today);
  const [price, setPrice] = useState<number | string>("");
  const [priceError, setPriceError] = useState<string | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);
  const create = trpc.instances.create.useMutation({
    onSuccess: useUndoableSave(
      t("purchaseAdded"),
      (created) => ({ entity: "instance", entityId: created.id, action: "instances.create" }),
      () => setPrice(""),
    ),
  });
  const purchasePrice = numberInputValue(price);

  return (
    <FormCard
      title={t("addPurchase")}
      onSubmit={() => {
        const dateProblem = pastDateProblem(datePurchased);
        const priceProblem = purchasePriceProblem(purchasePrice);
        setDateError(dateProblem);
        setPriceError(priceProblem);
        if (dateProblem || priceProblem || purchasePrice === null) return;
        create.mutate({ datePurchased, purchasePrice, bottleId, dateFinished: null });
      }}
      errors={[failure(t("addPurchaseFailed"), create.error)]}
      canSubmit={purchasePrice !== null}
      submitting={create.isPending}
      submitLabel={t("addPurchaseSubmit")}
    >
      <Group align="flex-start" gap="sm" grow preventGrowOverflow={false}>
        <PurchaseDateInput
          value={datePurchased}
          error={dateError}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setDatePurchased(value);
            // Said at once: the browser itself refuses to submit a date past the picker's max.
            setDateError(value ? pastDateProblem(value) : null);
          }}
        />
        <PurchasePriceInput
          clampBehavior="none"
          placeholder={formatMoney(0)}
          value={price}
          error={priceError}
          onChange={(next) => {
            setPrice(next);
            setPriceError(null);
          }}
        />
      </Group>
    </FormCard>
  );
}
