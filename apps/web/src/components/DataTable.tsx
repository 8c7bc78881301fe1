import type { ReactNode } from "react";
import { Paper, Table } from "@mantine/core";

/** A bordered table that scrolls sideways on a phone instead of squeezing its columns. */
export function DataTable({
  label,
  minWidth = 560,
  children,
}: {
  label: string;
  minWidth?: number;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" style={{ overflow: "hidden" }}>
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table
          aria-label={label}
          striped
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="md"
          stickyHeader={false}
        >
          {children}
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
