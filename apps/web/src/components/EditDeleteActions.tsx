import { ActionIcon } from "@mantine/core";
import { EditIcon, TrashIcon } from "./icons";

/**
 * A row's Edit and Delete icon buttons (a comment, a purchase, a theme): 40 px targets, Delete in
 * red. Each has its accessible name and its tooltip; the caller lays them out.
 */
export function EditDeleteActions(props: {
  edit: { label: string; title?: string; onClick: () => void };
  remove: { label: string; title?: string; onClick: () => void };
}) {
  const { edit, remove } = props;
  return (
    <>
      <ActionIcon
        variant="subtle"
        size={40}
        aria-label={edit.label}
        title={edit.title ?? edit.label}
        onClick={edit.onClick}
      >
        <EditIcon />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        size={40}
        aria-label={remove.label}
        title={remove.title ?? remove.label}
        onClick={remove.onClick}
      >
        <TrashIcon />
      </ActionIcon>
    </>
  );
}
