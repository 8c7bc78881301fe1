import { Text } from "@mantine/core";
import { DataTable, cellLinkClass } from "../../components/DataTable";
import { FillLevel } from "../../components/FillLevel";
import { PageHeader } from "../../components/PageHeader";
import { Loaded } from "../../components/status";
import { formatDate, formatPrice } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { useTitle } from "../../lib/useTitle";

export const SHELF_EMPTY = "Nothing is open right now. Open a purchase on its bottle's page.";
export const SHELF_FAILED = "Failed to fetch the shelf.";

/**
 * The Shelf (issue 14): every open bottle, the emptiest first, with its fill level (the estimate
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
            <thead>
              <tr>
                <th>Bottle</th>
                <th>Fill Level</th>
                <th>Opened</th>
                <th>Cost per Pour</th>
                <th>Price</th>
                <th>Size</th>
              </tr>
            </thead>
            <tbody>
              {bottles.map((item) => (
                <tr key={item.instanceId}>
                  <td>
                    <a href={`/bottle/${item.bottleId}`} className={cellLinkClass}>
                      {item.name}
                    </a>
                    {item.brand && item.brand !== item.name ? (
                      <Text size="xs" c="dimmed">
                        {item.brand}
                      </Text>
                    ) : null}
                  </td>
                  <td>
                    <FillLevel name={item.name} pct={item.fillLevelPct} source={item.levelSource} />
                  </td>
                  <td>
                    <time dateTime={item.openedDate}>{formatDate(item.openedDate)}</time>
                  </td>
                  <td style={{ fontVariantNumeric: "tabular-nums" }}>{formatPrice(item.costPerPour)}</td>
                  <td style={{ fontVariantNumeric: "tabular-nums" }}>{formatPrice(item.price)}</td>
                  <td style={{ fontVariantNumeric: "tabular-nums" }}>{item.sizeMl} ml</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </Loaded>
    </>
  );
}
