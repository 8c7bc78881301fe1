import { NumberInput, Paper, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import "../../styles/numberInput";
import "../../styles/combobox";
import { ABV_MAX, ABV_MIN, TransferMessages, type ImportReport, type ImportReview } from "@club/shared";
import { numberInputValue } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { useT } from "../../lib/i18n";
import { importMessages } from "./importMessages";

/** The review's word on each row so far, by the row's line in the file. */
export type ReviewState = Record<number, Omit<ImportReview, "row">>;

const NEW = "new";

/** Rows the review is about: those the library may already have, and those without an ABV. */
export const reviewRows = (report: ImportReport, review: ReviewState) =>
  report.rows.filter(
    (r) =>
      r.match !== undefined ||
      r.problems.includes(TransferMessages.abvMissing) ||
      review[r.row] !== undefined,
  );

/** The first review of a preview: each suggested match taken as it is, every other row a new bottle. */
export function firstReview(report: ImportReport): ReviewState {
  const review: ReviewState = {};
  for (const r of reviewRows(report, {})) review[r.row] = { bottleId: r.match?.id ?? null };
  return review;
}

export const reviewList = (review: ReviewState): ImportReview[] =>
  Object.entries(review).map(([row, decision]) => ({ row: Number(row), ...decision }));

/**
 * The review step: for each row the library may already have, the closest bottle by name (the
 * library search's fuzzy match) is offered; the member confirms it, picks another bottle, or says
 * it is a new bottle (and gives its ABV when the file has none, as CellarTracker's export).
 */
export function ImportReviewFields({
  report,
  review,
  needsAbv,
  onChange,
}: {
  report: ImportReport;
  review: ReviewState;
  needsAbv: boolean;
  onChange: (review: ReviewState) => void;
}) {
  const t = useT(importMessages);
  const bottles = trpc.bottles.options.useQuery();
  const rows = reviewRows(report, review);
  if (rows.length === 0) return null;
  const set = (row: number, decision: Omit<ImportReview, "row">) => onChange({ ...review, [row]: decision });
  return (
    <Stack gap="sm" role="group" aria-label={t("review.label")}>
      <Text size="sm">{t("review.intro")}</Text>
      {rows.map((r) => {
        const decision = review[r.row] ?? { bottleId: null };
        const options = [
          { value: NEW, label: t("review.newBottle") },
          ...(bottles.data ?? (r.match ? [{ id: r.match.id, name: r.match.name }] : [])).map((b) => ({
            value: String(b.id),
            label: b.name,
          })),
        ];
        return (
          <Paper key={r.row} withBorder p="sm" radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <Select
                label={t("review.row", { row: r.row, name: r.name })}
                description={
                  r.match && !r.match.chosen
                    ? t("review.closest", { name: r.match.name })
                    : t("review.inLibraryAs")
                }
                data={options}
                searchable
                limit={30}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                value={decision.bottleId === null ? NEW : String(decision.bottleId)}
                onChange={(picked) =>
                  set(
                    r.row,
                    picked === NEW || picked === null ? { bottleId: null } : { bottleId: Number(picked) },
                  )
                }
              />
              {decision.bottleId === null && needsAbv ? (
                <NumberInput
                  label={t("review.abv", { row: r.row })}
                  description={t("review.noAbv")}
                  min={ABV_MIN}
                  max={ABV_MAX}
                  decimalScale={1}
                  suffix="%"
                  value={decision.abv ?? ""}
                  onChange={(value) => {
                    const abv = numberInputValue(value);
                    set(r.row, abv === null ? { bottleId: null } : { bottleId: null, abv });
                  }}
                />
              ) : null}
            </SimpleGrid>
          </Paper>
        );
      })}
    </Stack>
  );
}
