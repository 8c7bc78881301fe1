import { useState } from "react";
import { Button, NativeSelect, SimpleGrid, TextInput } from "@mantine/core";
import "../../styles/nativeSelect";
import { useDebouncedCallback } from "@mantine/hooks";
import { useT } from "../../lib/i18n";
import { currencyPrefix } from "../../lib/money";
import { trpc } from "../../lib/trpc";
import { libraryMessages, statusKey, type LibraryKey } from "./libraryMessages";
import { NO_FILTERS, type LibraryFilters } from "./libraryView";
import classes from "./LibraryBottles.module.css";

const STATUSES = ["open", "sealed", "finished", "never_bought"] as const;

type TextFilter = "abvMin" | "abvMax" | "priceMin" | "priceMax" | "scoreMin" | "scoreMax";
type ChoiceFilter = Exclude<keyof LibraryFilters, TextFilter>;
const RANGES: { key: LibraryKey; min: TextFilter; max: TextFilter }[] = [
  { key: "range.abv", min: "abvMin", max: "abvMax" },
  { key: "range.price", min: "priceMin", max: "priceMax" },
  { key: "range.score", min: "scoreMin", max: "scoreMax" },
];
const NUMBER = /^\d{0,7}(\.\d{0,2})?$/;

/**
 * The library's filters: type, country, region, status, photo, poured, and ABV, price and club
 * score ranges. Choices apply at once; typed numbers once typing pauses.
 */
export function LibraryFiltersPanel({
  filters,
  onChange,
}: {
  filters: LibraryFilters;
  onChange: (next: LibraryFilters) => void;
}) {
  const t = useT(libraryMessages);
  const ANY = { value: "", label: t("filter.any") };
  const STATUS_OPTIONS = [ANY, ...STATUSES.map((value) => ({ value, label: t(statusKey(value)) }))];
  const YES_NO = [ANY, { value: "yes", label: t("filter.yes") }, { value: "no", label: t("filter.no") }];
  // The club's currency sign ("$", "€", "SEK"), as the price bounds are in it.
  const currency = currencyPrefix().trim();
  const lookupOptions = { staleTime: 5 * 60_000, retry: false } as const;
  const types = trpc.lookups.drinkTypes.useQuery(undefined, lookupOptions);
  const countries = trpc.lookups.countries.useQuery(undefined, lookupOptions);
  const regions = trpc.lookups.states.useQuery(undefined, lookupOptions);
  const options = (items: { id: number; name: string }[] | undefined) => [
    ANY,
    ...(items ?? []).map((item) => ({ value: String(item.id), label: item.name })),
  ];
  const choices: { name: ChoiceFilter; label: string; data: { value: string; label: string }[] }[] = [
    { name: "type", label: t("filter.type"), data: options(types.data) },
    { name: "country", label: t("filter.country"), data: options(countries.data) },
    { name: "region", label: t("filter.state"), data: options(regions.data) },
    { name: "status", label: t("filter.status"), data: STATUS_OPTIONS },
    { name: "hasPhoto", label: t("filter.hasPhoto"), data: YES_NO },
    { name: "poured", label: t("filter.poured"), data: YES_NO },
  ];

  // Typed bounds show at once and apply after a pause (every keystroke would be a request).
  const [draft, setDraft] = useState(filters);
  const [applied, setApplied] = useState(filters);
  if (applied !== filters) {
    setApplied(filters);
    setDraft(filters);
  }
  const applyLater = useDebouncedCallback((next: LibraryFilters) => onChange(next), 400);
  const choose = (name: ChoiceFilter, value: string) => {
    const next = { ...draft, [name]: value };
    setDraft(next);
    onChange(next);
  };
  const type = (name: TextFilter, value: string) => {
    if (!NUMBER.test(value)) return;
    const next = { ...draft, [name]: value };
    setDraft(next);
    applyLater(next);
  };

  return (
    <div className={classes.filters}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
        {choices.map((choice) => (
          <NativeSelect
            key={choice.name}
            label={choice.label}
            data={choice.data}
            value={draft[choice.name]}
            onChange={(e) => choose(choice.name, e.currentTarget.value)}
          />
        ))}
        {RANGES.map((range) => {
          const label = t(range.key, { currency });
          const reversed =
            draft[range.min] !== "" &&
            draft[range.max] !== "" &&
            Number(draft[range.min]) > Number(draft[range.max]);
          return (
            <div key={range.key} className={classes.range} role="group" aria-label={label}>
              <TextInput
                label={t("range.from", { range: label })}
                inputMode="decimal"
                value={draft[range.min]}
                onChange={(e) => type(range.min, e.currentTarget.value)}
                error={reversed ? t("range.reversed") : undefined}
              />
              <TextInput
                label={t("range.to", { range: label })}
                inputMode="decimal"
                value={draft[range.max]}
                onChange={(e) => type(range.max, e.currentTarget.value)}
              />
            </div>
          );
        })}
      </SimpleGrid>
      <Button variant="subtle" mt="sm" onClick={() => onChange(NO_FILTERS)}>
        {t("clearFilters")}
      </Button>
    </div>
  );
}
