import type { ReactNode } from "react";
import { ActionIcon, Button, Group } from "@mantine/core";
import { usePermissions } from "../lib/permissions";
import { EditIcon, TrashIcon } from "./icons";
import { actionsColumn, type Column } from "./TableColumns";

interface RowAction {
  label: string;
  title?: string;
  onClick: () => void;
}

/** One 40 px icon button of a row: its accessible name, and its tooltip (the name unless told). */
function RowActionIcon({
  action,
  color,
  children,
}: {
  action: RowAction;
  color?: "red";
  children: ReactNode;
}) {
  return (
    <ActionIcon
      variant="subtle"
      color={color}
      size={40}
      aria-label={action.label}
      title={action.title ?? action.label}
      onClick={action.onClick}
    >
      {children}
    </ActionIcon>
  );
}

/**
 * A row's Edit and Delete icon buttons (a comment, a purchase, a theme): 40 px targets, Delete in
 * red. Each has its accessible name and its tooltip; the caller lays them out.
 */
export function EditDeleteActions({ edit, remove }: { edit: RowAction; remove: RowAction }) {
  return (
    <>
      <RowActionIcon action={edit}>
        <EditIcon />
      </RowActionIcon>
      <RowActionIcon action={remove} color="red">
        <TrashIcon />
      </RowActionIcon>
    </>
  );
}

/** A page header's Edit button (a bottle, a meeting): 40 px, with the pencil. */
export function PageEditButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <Button h={40} variant="default" leftSection={<EditIcon />} onClick={onClick}>
      {children}
    </Button>
  );
}

/** A page header's Delete button (a bottle, a meeting): 40 px, in red, with the bin. */
export function PageDeleteButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <Button h={40} variant="light" color="red" leftSection={<TrashIcon />} onClick={onClick}>
      {children}
    </Button>
  );
}

/**
 * The Actions column of rows their author may correct (a comment, a theme): a row's Edit and Delete
 * for its author and admins, the column on view when the member may correct at least one row.
 */
export function useCorrectionsColumn<Row>(
  rows: readonly Row[],
  author: (row: Row) => number | null,
  actions: (row: Row) => { edit: RowAction; remove: RowAction },
): Column<Row>[] {
  const { mayCorrect } = usePermissions();
  return actionsColumn(
    rows,
    (row) => mayCorrect(author(row)),
    (row) => (
      <Group gap={4} wrap="nowrap">
        <EditDeleteActions {...actions(row)} />
      </Group>
    ),
  );
}
