import { lazy, Suspense, useState } from "react";
import { ActionIcon, Badge, Button, Group, Paper, Stack, Title } from "@mantine/core";
import type { BottleInstance } from "@club/shared";
import { DataTable } from "../../components/DataTable";
import { CheckIcon, EditIcon, TrashIcon } from "../../components/icons";
import { EmptyMessage } from "../../components/status";
import { datePart, formatDate, formatPrice } from "../../lib/format";
import { usePermissions } from "../../lib/permissions";
import classes from "./BottleDetails.module.css";

// Members only: visitors never download the forms and dialogs (NumberInput, the date schema and zod).
const AddInstanceForm = lazy(() => import("./AddInstanceForm"));
const EditInstanceDialog = lazy(() => import("./EditInstanceDialog"));
const loadConfirmDialogs = () => import("./InstanceConfirmDialogs");
const FinishInstanceDialog = lazy(() =>
  loadConfirmDialogs().then((m) => ({ default: m.FinishInstanceDialog })),
);
const DeleteInstanceDialog = lazy(() =>
  loadConfirmDialogs().then((m) => ({ default: m.DeleteInstanceDialog })),
);

type Dialog = { kind: "finish" | "edit" | "delete"; instance: BottleInstance } | null;

/**
 * Date Purchased, Date Finished, Purchase Price. Members mark unfinished ones 'Bottle Finished'
 * (after a confirmation); the member who added a purchase, and admins, edit or delete it.
 */
export function InstancesSection({
  bottleId,
  instances,
  isMember,
}: {
  bottleId: number;
  instances: readonly BottleInstance[];
  isMember: boolean;
}) {
  const { mayCorrect } = usePermissions();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        Bottle Instances
      </Title>
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
                    <Group gap={4} wrap="nowrap">
                      {instance.dateFinished ? null : (
                        <Button
                          h={40}
                          size="xs"
                          variant="light"
                          leftSection={<CheckIcon size={14} />}
                          onClick={() => setDialog({ kind: "finish", instance })}
                        >
                          Bottle Finished
                        </Button>
                      )}
                      {mayCorrect(instance.createdBy) ? (
                        <>
                          <ActionIcon
                            variant="subtle"
                            size={40}
                            aria-label="Edit purchase"
                            title="Edit purchase"
                            onClick={() => setDialog({ kind: "edit", instance })}
                          >
                            <EditIcon />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            size={40}
                            aria-label="Delete purchase"
                            title="Delete purchase"
                            onClick={() => setDialog({ kind: "delete", instance })}
                          >
                            <TrashIcon />
                          </ActionIcon>
                        </>
                      ) : null}
                    </Group>
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
      {/* Its own boundary: a dialog's chunk loading does not hide the form. */}
      {isMember ? (
        <Suspense fallback={null}>
          {dialog?.kind === "finish" ? (
            <FinishInstanceDialog instance={dialog.instance} onClose={close} />
          ) : dialog?.kind === "edit" ? (
            <EditInstanceDialog instance={dialog.instance} onClose={close} />
          ) : dialog?.kind === "delete" ? (
            <DeleteInstanceDialog instance={dialog.instance} onClose={close} />
          ) : null}
        </Suspense>
      ) : null}
    </Stack>
  );
}
