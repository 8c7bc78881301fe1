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
import { defineMessages, useT } from "../../lib/i18n";
import shelf from "../../locales/en/shelf.json";

/** The Shelf screen's texts: src/locales/<language>/shelf.json. */
const shelfMessages = defineMessages("shelf", shelf);

const NUMBERS = { style: { fontVariantNumeric: "tabular-nums" } } as const;

const columnsOf = (t: (key: keyof typeof shelf, values?: { ml: number }) => string): Column<ShelfItem>[] => [
  {
    header: t("col.bottle"),
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
    header: t("col.fill"),
    cell: (item) => <FillLevel name={item.name} pct={item.fillLevelPct} source={item.levelSource} />,
  },
  {
    header: t("col.opened"),
    cell: (item) => <time dateTime={item.openedDate}>{formatDate(item.openedDate)}</time>,
  },
  { header: t("col.costPerPour"), td: NUMBERS, cell: (item) => formatPrice(item.costPerPour) },
  { header: t("col.price"), td: NUMBERS, cell: (item) => formatPrice(item.price) },
  { header: t("col.size"), td: NUMBERS, cell: (item) => t("size", { ml: item.sizeMl }) },
];

/**
 * The Shelf: every open bottle, the emptiest first, with its fill level (the estimate
 * from the meeting pours, or a member's reading), when it was opened and what a 25 ml pour costs.
 * A table on a desktop; on a phone each bottle is a card (DataTable).
 */
export default function ShelfPage() {
  const t = useT(shelfMessages);
  useTitle(t("title"));
  const shelfList = trpc.cellar.shelf.useQuery();
  return (
    <>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <Loaded query={shelfList} failed={t("failed")} empty={t("empty")}>
        {(bottles) => (
          <DataTable label={t("list")} minWidth={760}>
            <TableColumns columns={columnsOf(t)} rows={bottles} rowKey={(item) => item.instanceId} />
          </DataTable>
        )}
      </Loaded>
    </>
  );
}
