import { useState } from "react";
import { Group, NumberInput, TextInput } from "@mantine/core";
import "../../styles/numberInput";
import { DateOnlySchema, Messages } from "@club/shared";
import { FormCard } from "../../components/FormCard";
import { numberInputValue, today } from "../../lib/format";
import { onSaved } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { useUndo } from "../../lib/undo";

/** Members: a purchase (date defaults to today, price required); it starts unfinished. */
export default function AddInstanceForm({ bottleId }: { bottleId: number }) {
  const [datePurchased, setDatePurchased] = useState(today);
  const [price, setPrice] = useState<number | string>("");
  const [dateError, setDateError] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const undo = useUndo();
  const create = trpc.instances.create.useMutation({
    onSuccess: onSaved(
      {
        notice: "Bottle instance added.",
        undo: (created) => undo({ entity: "instance", entityId: created.id, action: "instances.create" }),
      },
      () => setPrice(""),
      () => utils.bottles.invalidate(),
    ),
  });
  const purchasePrice = numberInputValue(price);

  return (
    <FormCard
      title="Add bottle instance"
      onSubmit={() => {
        if (!DateOnlySchema.safeParse(datePurchased).success) {
          setDateError("Choose a date.");
          return;
        }
        if (purchasePrice === null) return;
        create.mutate({ datePurchased, purchasePrice, bottleId, dateFinished: null });
      }}
      errors={[create.isError && Messages.addInstance]}
      canSubmit={purchasePrice !== null}
      submitting={create.isPending}
      submitLabel="Add Instance"
    >
      <Group align="flex-start" gap="sm" grow preventGrowOverflow={false}>
        <TextInput
          type="date"
          label="Date purchased"
          required
          value={datePurchased}
          error={dateError}
          onChange={(event) => {
            setDatePurchased(event.currentTarget.value);
            setDateError(null);
          }}
        />
        <NumberInput
          label="Purchase price"
          required
          prefix="$"
          min={0}
          max={1_000_000}
          decimalScale={2}
          fixedDecimalScale
          thousandSeparator=","
          placeholder="$0.00"
          value={price}
          onChange={setPrice}
        />
      </Group>
    </FormCard>
  );
}
