import { lazy, Suspense } from "react";
import { Badge, Button, Paper, Stack, Title } from "@mantine/core";
import { Messages, type BottleInstance } from "@club/shared";
import { DataTable } from "../../components/DataTable";
import { CheckIcon } from "../../components/icons";
import { EmptyMessage, ErrorAlert } from "../../components/status";
import { datePart, formatDate, formatPrice } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { onSaved } from "../../lib/notify";
import classes from "./BottleDetails.module.css";

// Members only: visitors never download the form (NumberInput, the date schema and zod).
const AddInstanceForm = lazy(() => import("./AddInstanceForm"));

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
    onSuccess: onSaved("Marked as finished.", () => utils.bottles.invalidate()),
  });

  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        Bottle Instances
      </Title>
      {finish.isError ? <ErrorAlert message={Messages.finishInstance} error={finish.error} /> : null}
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
      {isMember ? (
        <Suspense fallback={null}>
          <AddInstanceForm bottleId={bottleId} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
