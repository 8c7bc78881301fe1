import { lazy } from "react";
import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { BottleDetailInstance } from "@club/shared";
import { DataTable } from "../../components/DataTable";
import { EditDeleteActions } from "../../components/EditDeleteActions";
import { actionsColumn, TableColumns, type Column } from "../../components/TableColumns";
import { useOpenRow } from "../../components/useOpenRow";
import { CheckIcon } from "../../components/icons";
import { EmptyMessage } from "../../components/status";
import { FillLevel } from "../../components/FillLevel";
import { datePart, formatDate, formatPrice } from "../../lib/format";
import { usePermissions } from "../../lib/permissions";
import classes from "./BottleDetails.module.css";
import { Later } from "../../components/Later";
import { useT } from "../../lib/i18n";
import { bottleMessages, type BottleT } from "./bottleMessages";

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
const loadCellarDialogs = () => import("./CellarDialogs");
const OpenInstanceDialog = lazy(() => loadCellarDialogs().then((m) => ({ default: m.OpenInstanceDialog })));
const SetLevelDialog = lazy(() => loadCellarDialogs().then((m) => ({ default: m.SetLevelDialog })));

type Open = (kind: "finish" | "edit" | "delete" | "open" | "level", instance: BottleDetailInstance) => void;

/** Open (opened, not finished), sealed (not opened, not finished) or finished. */
const stateOf = (instance: BottleDetailInstance) =>
  instance.dateFinished ? "finished" : instance.openedDate ? "open" : "sealed";

/** Bottle Finished for an unfinished one; Edit and Delete for the member who added it and admins. */
function InstanceActions({
  instance,
  mayCorrect,
  open,
}: {
  instance: BottleDetailInstance;
  mayCorrect: boolean;
  open: Open;
}) {
  const t = useT(bottleMessages);
  return (
    <Group gap={4} className={classes.rowControls}>
      {instance.dateFinished ? null : (
        <Button
          h={40}
          size="xs"
          variant="light"
          leftSection={<CheckIcon size={14} />}
          onClick={() => open("finish", instance)}
        >
          {t("finish")}
        </Button>
      )}
      {mayCorrect ? (
        <EditDeleteActions
          edit={{
            label: t("editPurchase"),
            onClick: () => open("edit", instance),
          }}
          remove={{
            label: t("deletePurchase"),
            onClick: () => open("delete", instance),
          }}
        />
      ) : null}
    </Group>
  );
}

/** The purchase's columns; a member may open a sealed one and set an open one's level. */
const instanceColumns = (
  t: BottleT,
  bottleName: string,
  isMember: boolean,
  open: Open,
): Column<BottleDetailInstance>[] => [
  {
    header: t("col.datePurchased"),
    cell: (instance) => <time dateTime={instance.datePurchased}>{formatDate(instance.datePurchased)}</time>,
  },
  {
    header: t("col.dateFinished"),
    cell: (instance) =>
      instance.dateFinished ? (
        <time dateTime={datePart(instance.dateFinished)}>{formatDate(instance.dateFinished)}</time>
      ) : (
        // A date's column holds a date, or says there is none yet (the state is the Opened column's).
        <Text span size="sm" c="dimmed">
          {t("notYet")}
        </Text>
      ),
  },
  {
    header: t("col.purchasePrice"),
    td: { className: classes.numeric },
    cell: (instance) => formatPrice(instance.purchasePrice),
  },
  {
    header: t("col.opened"),
    cell: (instance) =>
      instance.openedDate ? (
        <time className={classes.numeric} dateTime={instance.openedDate}>
          {formatDate(instance.openedDate)}
        </time>
      ) : stateOf(instance) === "sealed" && isMember ? (
        <Button h={40} size="xs" variant="light" color="amber" onClick={() => open("open", instance)}>
          {t("openIt")}
        </Button>
      ) : stateOf(instance) === "sealed" ? (
        t("notYet")
      ) : (
        t("na")
      ),
  },
  {
    header: t("col.fillLevel"),
    cell: (instance) =>
      instance.fillLevelPct !== null && instance.levelSource !== null ? (
        <Group gap="xs" align="center">
          <FillLevel name={bottleName} pct={instance.fillLevelPct} source={instance.levelSource} />
          {isMember ? (
            <Button h={40} size="xs" variant="default" onClick={() => open("level", instance)}>
              {t("setLevel")}
            </Button>
          ) : null}
        </Group>
      ) : (
        t("na")
      ),
  },
  {
    header: t("col.costPerPour"),
    td: { className: classes.numeric, title: t("costPerPourHint") },
    cell: (instance) => formatPrice(instance.costPerPour),
  },
];

/**
 * Date Purchased, Date Finished, Purchase Price, then the cellar's columns: when it was
 * opened ("Open it" for members on a sealed one), the fill level of an open one ("Set level") and
 * the cost per 25 ml pour. Members mark unfinished ones 'Bottle Finished' (after a confirmation);
 * the member who added a purchase, and admins, edit or delete it.
 */
export function InstancesSection({
  bottleId,
  bottleName,
  instances,
  isMember,
}: {
  bottleId: number;
  bottleName: string;
  instances: readonly BottleDetailInstance[];
  isMember: boolean;
}) {
  const t = useT(bottleMessages);
  const { mayCorrect } = usePermissions();
  const dialog = useOpenRow("instance", {
    finish: FinishInstanceDialog,
    edit: EditInstanceDialog,
    delete: DeleteInstanceDialog,
    open: OpenInstanceDialog,
    level: SetLevelDialog,
  });
  const columns = [
    ...instanceColumns(t, bottleName, isMember, dialog.open),
    ...actionsColumn(
      instances,
      () => isMember,
      (instance) => (
        <InstanceActions instance={instance} mayCorrect={mayCorrect(instance.createdBy)} open={dialog.open} />
      ),
    ),
  ];

  return (
    <Stack gap="md">
      {/* "Purchases", as the rest of the app says; the floor's "bottle instances" stays the table's name. */}
      <Title order={2} fz="h3">
        {t("purchases")}
      </Title>
      {instances.length === 0 ? (
        <Paper withBorder radius="lg">
          <EmptyMessage>{t("noPurchases")}</EmptyMessage>
        </Paper>
      ) : (
        <DataTable label={t("purchasesTable")} minWidth={isMember ? 980 : 720} dense>
          <TableColumns columns={columns} rows={instances} rowKey={(instance) => instance.id} />
        </DataTable>
      )}
      <Later when={isMember}>
        <AddInstanceForm bottleId={bottleId} />
      </Later>
      {/* Its own boundary: a dialog's chunk loading does not hide the form. */}
      <Later when={isMember}>{dialog.element}</Later>
    </Stack>
  );
}
