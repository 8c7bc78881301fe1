import { useState } from "react";
import { Button, Group, NumberInput, Paper, Stack, TextInput, Title } from "@mantine/core";
import "../../styles/numberInput";
import { DateOnlySchema, Messages } from "@club/shared";
import { ErrorAlert } from "../../components/status";
import { numberInputValue, today } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { notify } from "../../lib/notify";

/** Members: a purchase (date defaults to today, price required); it starts unfinished. */
export default function AddInstanceForm({ bottleId }: { bottleId: number }) {
  const [datePurchased, setDatePurchased] = useState(today);
  const [price, setPrice] = useState<number | string>("");
  const [dateError, setDateError] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const create = trpc.instances.create.useMutation({
    onSuccess: async () => {
      setPrice("");
      notify("Bottle instance added.");
      await utils.bottles.invalidate();
    },
  });
  const purchasePrice = numberInputValue(price);
  const hasPrice = purchasePrice !== null;

  return (
    <Paper withBorder p="md" radius="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!DateOnlySchema.safeParse(datePurchased).success) {
            setDateError("Choose a date.");
            return;
          }
          if (purchasePrice === null) return;
          create.mutate({ datePurchased, purchasePrice, bottleId, dateFinished: null });
        }}
      >
        <Stack gap="sm">
          <Title order={3} fz="md">
            Add bottle instance
          </Title>
          {create.isError ? <ErrorAlert message={Messages.addInstance} /> : null}
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
          <Group justify="flex-end">
            <Button type="submit" disabled={!hasPrice} loading={create.isPending}>
              Add Instance
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
