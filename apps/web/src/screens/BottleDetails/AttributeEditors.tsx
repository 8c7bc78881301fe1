import { SimpleGrid, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import type { WritePath } from "@club/api";
import { Messages, type BottleDetail } from "@club/shared";
import { LookupSelect } from "../../components/LookupSelect";
import { ErrorAlert } from "../../components/status";
import { useSession } from "../../lib/appSession";
import { writeKey } from "../../lib/cachePolicy";
import { lookupWords } from "../../lib/lookupWords";
import { regionFitsCountry, regionsForCountry } from "../../lib/regions";
import { trpc } from "../../lib/trpc";
import { useUndoableSave } from "../../lib/undo";
import { useLookups, type LookupName, type SelectOption } from "../../lib/useLookups";

type Client = ReturnType<typeof trpc.useUtils>["client"];

/** One editable attribute of a bottle: a select over a lookup list, saved at once when picked. */
interface Attribute {
  /** The select's label; the toast says '{label} updated.' */
  label: string;
  lookup: LookupName;
  /** The procedure that saves it (the activity log's action, for the toast's Undo). */
  action: WritePath;
  current: (bottle: BottleDetail) => number | null;
  save: (client: Client, bottleId: number, id: number) => Promise<unknown>;
  /** SPEC section 8's message when saving fails. */
  failure: string;
}

const ATTRIBUTES: readonly Attribute[] = [
  {
    label: "Brand",
    lookup: "brands",
    action: "bottles.updateBrand",
    current: (bottle) => bottle.brandId,
    save: (client, bottleId, brandId) => client.bottles.updateBrand.mutate({ bottleId, brandId }),
    failure: Messages.updateBrand,
  },
  {
    label: "Type",
    lookup: "drinkTypes",
    action: "bottles.updateDrinkType",
    current: (bottle) => bottle.drinkTypeId,
    save: (client, bottleId, drinkTypeId) => client.bottles.updateDrinkType.mutate({ bottleId, drinkTypeId }),
    failure: Messages.updateDrinkType,
  },
  {
    label: "Country",
    lookup: "countries",
    action: "bottles.updateCountry",
    current: (bottle) => bottle.countryId,
    save: (client, bottleId, countryId) => client.bottles.updateCountry.mutate({ bottleId, countryId }),
    failure: Messages.updateCountry,
  },
  {
    label: "State",
    lookup: "states",
    action: "bottles.updateState",
    current: (bottle) => bottle.stateId,
    save: (client, bottleId, stateId) => client.bottles.updateState.mutate({ bottleId, stateId }),
    failure: Messages.updateState,
  },
];

function AttributeEditor({
  attribute,
  bottle,
  options,
  loading,
  mismatch = null,
}: {
  attribute: Attribute;
  bottle: BottleDetail;
  options: SelectOption[];
  loading: boolean;
  /** Why the current value is not shown (a region of another country): the member should choose again. */
  mismatch?: string | null;
}) {
  const utils = trpc.useUtils();
  const save = useMutation({
    // Through the client, so keyed by hand: lib/cachePolicy.ts refreshes what the write changes.
    mutationKey: writeKey(attribute.action),
    mutationFn: (id: number) => attribute.save(utils.client, bottle.id, id),
    onSuccess: useUndoableSave(`${attribute.label} updated.`, {
      entity: "bottle",
      entityId: bottle.id,
      action: attribute.action,
    }),
  });
  const value = mismatch ? null : attribute.current(bottle);
  const words = lookupWords(attribute.label);

  return (
    <Stack gap={6}>
      <LookupSelect
        {...words}
        placeholder={loading ? "Loading…" : words.placeholder}
        data={options}
        value={value === null ? null : String(value)}
        onChange={(picked) => {
          if (picked !== null && picked !== String(value)) save.mutate(Number.parseInt(picked, 10));
        }}
        allowDeselect={false}
        disabled={save.isPending}
        error={mismatch}
        nothingFoundMessage="Nothing found"
      />
      {save.isError ? <ErrorAlert message={attribute.failure} error={save.error} /> : null}
    </Stack>
  );
}

/** Members: brand, type, country and state selects; each choice is saved at once. */
export function AttributeEditors({ bottle }: { bottle: BottleDetail }) {
  const lookups = useLookups(useSession() !== null);
  // The state offers the regions of the bottle's country (and those of no country); a region left
  // from another country is shown as not chosen, with the reason.
  const regionIds = new Set(regionsForCountry(lookups.stateItems, bottle.countryId).map((s) => String(s.id)));
  const regionOptions = lookups.states.filter((option) => regionIds.has(option.value));
  const regionMismatch = regionFitsCountry(lookups.stateItems, bottle.stateId, bottle.countryId)
    ? null
    : `${bottle.state ?? "The state"} is not in ${bottle.country ?? "this country"}: choose a region of ${bottle.country ?? "it"}.`;

  return (
    <Stack gap="xs">
      <Text fw={700} size="sm">
        Edit details
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {ATTRIBUTES.map((attribute) =>
          attribute.lookup === "states" ? (
            <AttributeEditor
              key={attribute.label}
              attribute={attribute}
              bottle={bottle}
              options={regionOptions}
              loading={lookups.loading}
              mismatch={regionMismatch}
            />
          ) : (
            <AttributeEditor
              key={attribute.label}
              attribute={attribute}
              bottle={bottle}
              options={lookups[attribute.lookup]}
              loading={lookups.loading}
            />
          ),
        )}
      </SimpleGrid>
    </Stack>
  );
}
