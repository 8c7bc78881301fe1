import { Text } from "@mantine/core";
import type { ShelfItem } from "@club/shared";
import { DataTable, cellLinkClass } from "../../components/DataTable";
import { FillLevel } from "../../components/FillLevel";
import { TableColumns, type Column } from "../../components/TableColumns";
import { PageHeader } from "../../components/PageHeader";
import { Loaded } from "../../components/status";
import { formatDate, formatPrice } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { useTitle } from "../../lib/useTitle";
import { withBase } from "../../lib/basePath";

export const SHELF_EMPTY = "Nothing is open right now. Open a purchase on its bottle's page.";
export const SHELF_FAILED = "Failed to fetch the shelf.";

const NUMBERS = { style: { fontVariantNumeric: "tabular-nums" } } as const;

const COLUMNS: Column<ShelfItem>[] = [
  {
    header: "Bottle",
    cell: (item) => (
      <>
        <a href={withBase(`/bottle/${item.bottleId}`)} className={cellLinkClass}>
          {item.name}
        </a>
        {item.brand && item.brand !== item.name ? (
          <Text size="xs" c="dimmed">
            {item.brand}
          </Text>
        ) : null}
      </>
    ),
  },
  {
    header: "Fill Level",
    cell: (item) => <FillLevel name={item.name} pct={item.fillLevelPct} source={item.levelSource} />,
  },
  { header: "Opened", cell: (item) => <time dateTime={item.openedDate}>{formatDate(item.openedDate)}</time> },
  { header: "Cost per Pour", td: NUMBERS, cell: (item) => formatPrice(item.costPerPour) },
  { header: "Price", td: NUMBERS, cell: (item) => formatPrice(item.price) },
  { header: "Size", td: NUMBERS, cell: (item) => <>{item.sizeMl} ml</> },
];

/**
 * The Shelf: every open bottle, the emptiest first, with its fill level (the estimate
 * from the meeting pours, or a member's reading), when it was opened and what a 25 ml pour costs.
 * A table on a desktop; on a phone each bottle is a card (DataTable).
 */
export default function ShelfPage() {
  useTitle("Shelf");
  const shelf = trpc.cellar.shelf.useQuery();
  return (
    <>
      <PageHeader
        title="Shelf"
        subtitle="What is open now, the emptiest bottle first. Cost per pour is for a 25 ml pour."
      />
      <Loaded query={shelf} failed={SHELF_FAILED} empty={SHELF_EMPTY}>
        {(bottles) => (
          <DataTable label="Open bottles" minWidth={760}>
            <TableColumns columns={COLUMNS} rows={bottles} rowKey={(item) => item.instanceId} />
          </DataTable>
        )}
      </Loaded>
    </>
  );
}
