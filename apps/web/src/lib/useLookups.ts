import { useEffect } from "react";
import type { LookupItem, StateItem } from "@club/shared";
import { trpc } from "./trpc";

export type LookupName = "brands" | "drinkTypes" | "countries" | "states";

export interface SelectOption {
  value: string;
  label: string;
}

export const toOptions = (items: readonly LookupItem[] | undefined): SelectOption[] =>
  (items ?? []).map((item) => ({ value: String(item.id), label: item.name }));

/**
 * The brand, drink type, country and state lists, fetched only for logged-in members (docs/product.md, Who may do what).
 * A failed fetch is only logged (docs/product.md, The messages); the select then has no options.
 */
export function useLookups(enabled: boolean) {
  const options = { enabled, staleTime: 5 * 60_000, retry: false } as const;
  const brands = trpc.lookups.brands.useQuery(undefined, options);
  const drinkTypes = trpc.lookups.drinkTypes.useQuery(undefined, options);
  const countries = trpc.lookups.countries.useQuery(undefined, options);
  const states = trpc.lookups.states.useQuery(undefined, options);

  const errors = [brands.error, drinkTypes.error, countries.error, states.error];
  useEffect(() => {
    for (const error of errors) if (error) console.error("Failed to fetch a lookup list", error);
  }, errors);

  return {
    brands: toOptions(brands.data),
    drinkTypes: toOptions(drinkTypes.data),
    countries: toOptions(countries.data),
    states: toOptions(states.data),
    /** The states with their country, for regionsForCountry (lib/regions.ts). */
    stateItems: (states.data ?? []) as readonly StateItem[],
    loading: enabled && [brands, drinkTypes, countries, states].some((q) => q.isPending),
  };
}
