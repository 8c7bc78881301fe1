import { useState } from "react";
import { Badge, Button, Group, NumberInput, Paper, Stack, TextInput, Title } from "@mantine/core";
import { DateOnlySchema, Messages, type BottleInstance } from "@club/shared";
import { DataTable } from "../../components/DataTable";
import { CheckIcon } from "../../components/icons";
import { EmptyMessage, ErrorAlert } from "../../components/status";
import { datePart, formatDate, formatPrice, numberInputValue, today } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import classes from "./BottleDetails.module.css";
import { notify } from "../../lib/notify";

/** Members: a purchase (date defaults to today, price required); it starts unfinished. */
function AddInstanceForm({ bottleId }: { bottleId: number }) {
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

/** Date Purchased, Date Finished, Purchase Price; members mark unfinished ones 'Bottle Finished'. */
export function InstancesSection({
  bottleId,
  instances,
  isMember,
}: {
  bottleId: number;
  instances: readonly BottleInstance[];
  isMember: boolean;
}) {
  const utils = trpc.useUtils();
  const finish = trpc.instances.finish.useMutation({
    onSuccess: async () => {
      notify("Marked as finished.");
      await utils.bottles.invalidate();
    },
  });

  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        Bottle Instances
      </Title>
      {finish.isError ? <ErrorAlert message={Messages.finishInstance} /> : null}
      {instances.length === 0 ? (
        <Paper withBorder radius="lg">
          <EmptyMessage>No purchases recorded yet.</EmptyMessage>
        </Paper>
      ) : (
        <DataTable label="Bottle instances" minWidth={isMember ? 560 : 420}>
          <thead>
            <tr>
              <th>Date Purchased</th>
              <th>Date Finished</th>
              <th>Purchase Price</th>
              {isMember ? <th>Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {instances.map((instance) => (
              <tr key={instance.id}>
                <td>
                  <time dateTime={instance.datePurchased}>{formatDate(instance.datePurchased)}</time>
                </td>
                <td>
                  {instance.dateFinished ? (
                    <time dateTime={datePart(instance.dateFinished)}>
                      {formatDate(instance.dateFinished)}
                    </time>
                  ) : (
                    <Badge variant="light" color="green" radius="sm">
                      Open
                    </Badge>
                  )}
                </td>
                <td className={classes.numeric}>{formatPrice(instance.purchasePrice)}</td>
                {isMember ? (
                  <td>
                    {instance.dateFinished ? null : (
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<CheckIcon size={14} />}
                        loading={finish.isPending && finish.variables.id === instance.id}
                        onClick={() => finish.mutate({ id: instance.id })}
                      >
                        Bottle Finished
                      </Button>
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {isMember ? <AddInstanceForm bottleId={bottleId} /> : null}
    </Stack>
  );
}
