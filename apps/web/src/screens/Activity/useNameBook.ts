import { useMemo } from "react";
import { trpc } from "../../lib/trpc";
import type { NameBook } from "./names";

const byId = (items: readonly { id: number; name: string }[] | undefined) =>
  new Map((items ?? []).map((item) => [item.id, item.name]));

/**
 * The current names an activity sentence may need: bottles, themes, meetings (their dates) and
 * the lookups. They share their cache with the other screens, so they are usually loaded already.
 * Entries about something deleted name it from their own rows (learnNames).
 */
export function useNameBook(): NameBook {
  const options = { staleTime: 60_000 } as const;
  const bottles = trpc.bottles.list.useQuery(undefined, options);
  const themes = trpc.themes.list.useQuery(undefined, options);
  const meetings = trpc.meetings.list.useQuery(undefined, options);
  const lookupOptions = { staleTime: 5 * 60_000, retry: false } as const;
  const brands = trpc.lookups.brands.useQuery(undefined, lookupOptions);
  const drinkTypes = trpc.lookups.drinkTypes.useQuery(undefined, lookupOptions);
  const countries = trpc.lookups.countries.useQuery(undefined, lookupOptions);
  const states = trpc.lookups.states.useQuery(undefined, lookupOptions);

  return useMemo(
    () => ({
      bottle: byId(bottles.data),
      theme: byId(themes.data),
      meeting: new Map((meetings.data ?? []).map((m) => [m.id, m.date.slice(0, 10)])),
      brand: byId(brands.data),
      drinkType: byId(drinkTypes.data),
      country: byId(countries.data),
      state: byId(states.data),
      // Members' names are learned from the log's own entries (learnNames): members.list is for admins.
      member: new Map<number, string>(),
    }),
    [bottles.data, themes.data, meetings.data, brands.data, drinkTypes.data, countries.data, states.data],
  );
}
