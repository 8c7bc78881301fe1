import { Select, SimpleGrid, Stack, Text } from "@mantine/core";
import "../../styles/combobox";
import { Messages, type BottleDetail } from "@club/shared";
import { ErrorAlert } from "../../components/status";
import type { SelectOption } from "../../lib/useLookups";
import { useLookups } from "../../lib/useLookups";
import { useSession } from "../../lib/appSession";
import { trpc } from "../../lib/trpc";
import { notify } from "../../lib/notify";

function EditSelect({
  label,
  value,
  data,
  loading,
  failed,
  failedMessage,
  pending,
  onPick,
}: {
  label: string;
  value: number | null;
  data: SelectOption[];
  loading: boolean;
  failed: boolean;
  failedMessage: string;
  pending: boolean;
  onPick: (id: number) => void;
}) {
  return (
    <Stack gap={6}>
      <Select
        label={label}
        placeholder={loading ? "Loading…" : `Choose a ${label.toLowerCase()}`}
        data={data}
        value={value === null ? null : String(value)}
        onChange={(picked) => {
          if (picked !== null && picked !== String(value)) onPick(Number.parseInt(picked, 10));
        }}
        searchable
        allowDeselect={false}
        disabled={pending}
        nothingFoundMessage="Nothing found"
      />
      {failed ? <ErrorAlert message={failedMessage} /> : null}
    </Stack>
  );
}

/** Members: brand, type, country and state selects; each choice is saved at once. */
export function AttributeEditors({ bottle }: { bottle: BottleDetail }) {
  const lookups = useLookups(useSession() !== null);
  const utils = trpc.useUtils();
  const onSuccess = async (what: string) => {
    notify(`${what} updated.`);
    await utils.bottles.invalidate();
  };
  const brand = trpc.bottles.updateBrand.useMutation({ onSuccess: () => onSuccess("Brand") });
  const drinkType = trpc.bottles.updateDrinkType.useMutation({ onSuccess: () => onSuccess("Type") });
  const country = trpc.bottles.updateCountry.useMutation({ onSuccess: () => onSuccess("Country") });
  const state = trpc.bottles.updateState.useMutation({ onSuccess: () => onSuccess("State") });
  const bottleId = bottle.id;

  return (
    <Stack gap="xs">
      <Text fw={700} size="sm">
        Edit details
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <EditSelect
          label="Brand"
          value={bottle.brandId}
          data={lookups.brands}
          loading={lookups.loading}
          failed={brand.isError}
          failedMessage={Messages.updateBrand}
          pending={brand.isPending}
          onPick={(brandId) => brand.mutate({ bottleId, brandId })}
        />
        <EditSelect
          label="Type"
          value={bottle.drinkTypeId}
          data={lookups.drinkTypes}
          loading={lookups.loading}
          failed={drinkType.isError}
          failedMessage={Messages.updateDrinkType}
          pending={drinkType.isPending}
          onPick={(drinkTypeId) => drinkType.mutate({ bottleId, drinkTypeId })}
        />
        <EditSelect
          label="Country"
          value={bottle.countryId}
          data={lookups.countries}
          loading={lookups.loading}
          failed={country.isError}
          failedMessage={Messages.updateCountry}
          pending={country.isPending}
          onPick={(countryId) => country.mutate({ bottleId, countryId })}
        />
        <EditSelect
          label="State"
          value={bottle.stateId}
          data={lookups.states}
          loading={lookups.loading}
          failed={state.isError}
          failedMessage={Messages.updateState}
          pending={state.isPending}
          onPick={(stateId) => state.mutate({ bottleId, stateId })}
        />
      </SimpleGrid>
    </Stack>
  );
}
