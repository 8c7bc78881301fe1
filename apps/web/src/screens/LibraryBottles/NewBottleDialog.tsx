import { NumberInput, Select, SimpleGrid, Text, TextInput } from "@mantine/core";
import "../../styles/numberInput";
import "../../styles/combobox";
import { useForm } from "@mantine/form";
import { ABV_MAX, ABV_MIN, Messages, NewBottleInputSchema, type NewBottleInput } from "@club/shared";
import { FormDialog } from "../../components/FormDialog";
import { useSession } from "../../lib/appSession";
import { numberInputValue } from "../../lib/format";
import { onSaved } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { useLookups } from "../../lib/useLookups";

interface Values {
  name: string;
  storeLink: string;
  brandId: string | null;
  newBrand: string;
  drinkTypeId: string | null;
  countryId: string | null;
  stateId: string | null;
  abv: number | string;
}

const toId = (value: string | null) => (value === null || value === "" ? null : Number.parseInt(value, 10));

/** The NewBottle payload: a typed new brand replaces the brand id; an empty one lets the server use the name. */
export function toNewBottleInput(values: Values): NewBottleInput {
  const newBrand = values.newBrand.trim();
  return {
    name: values.name.trim(),
    storeLink: values.storeLink.trim(),
    brandId: newBrand ? null : toId(values.brandId),
    newBrand: newBrand || null,
    drinkTypeId: toId(values.drinkTypeId),
    countryId: toId(values.countryId),
    stateId: toId(values.stateId),
    abv: numberInputValue(values.abv) ?? Number.NaN,
  };
}

/**
 * Add New Bottle (members): name, store link, brand or new brand, type, country, state and ABV.
 * `onCreated` hears the new bottle (the flight editor adds it to the line-up).
 */
export default function NewBottleDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated?: (bottle: { id: number; name: string }) => void;
}) {
  const utils = trpc.useUtils();
  const lookups = useLookups(useSession() !== null);
  const create = trpc.bottles.create.useMutation({
    onSuccess: (created, input) =>
      onSaved(
        "Bottle added to the library.",
        () => onCreated?.({ id: created.id, name: input.name }),
        onClose,
        () => Promise.all([utils.bottles.invalidate(), utils.lookups.brands.invalidate()]),
      )(),
  });
  const form = useForm<Values>({
    initialValues: {
      name: "",
      storeLink: "",
      brandId: null,
      newBrand: "",
      drinkTypeId: null,
      countryId: null,
      stateId: null,
      abv: "",
    },
    validate: (values) => {
      const result = NewBottleInputSchema.safeParse(toNewBottleInput(values));
      if (result.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? "name");
        errors[field] ??= issue.message;
      }
      return errors;
    },
  });
  const typingNewBrand = form.values.newBrand.trim() !== "";
  const canSubmit = form.values.name.trim() !== "" && numberInputValue(form.values.abv) !== null;

  return (
    <FormDialog
      title="Add New Bottle"
      size="lg"
      onClose={onClose}
      onSubmit={form.onSubmit((values) => create.mutate(toNewBottleInput(values)))}
      errors={[create.isError && Messages.addNewBottle]}
      canSubmit={canSubmit}
      submitting={create.isPending}
    >
      <TextInput label="Name" required data-autofocus {...form.getInputProps("name")} />
      <TextInput label="Store link" type="url" placeholder="https://" {...form.getInputProps("storeLink")} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Brand"
          placeholder={typingNewBrand ? "Using the new brand" : "Choose a brand"}
          data={lookups.brands}
          searchable
          clearable
          disabled={typingNewBrand}
          nothingFoundMessage="No such brand: type it as a new brand"
          {...form.getInputProps("brandId")}
        />
        <TextInput
          label="New brand"
          placeholder="Not in the list? Type it here"
          {...form.getInputProps("newBrand")}
        />
        <Text size="xs" c="dimmed" style={{ gridColumn: "1 / -1" }} mt={-8}>
          A new brand replaces the chosen one. With neither, the bottle name is used as the brand.
        </Text>
        <Select
          label="Type"
          placeholder="Choose a type"
          data={lookups.drinkTypes}
          searchable
          clearable
          {...form.getInputProps("drinkTypeId")}
        />
        <Select
          label="Country"
          placeholder="Choose a country"
          data={lookups.countries}
          searchable
          clearable
          {...form.getInputProps("countryId")}
        />
        <Select
          label="State"
          placeholder="Choose a state or region"
          data={lookups.states}
          searchable
          clearable
          {...form.getInputProps("stateId")}
        />
        <NumberInput
          label="ABV"
          required
          min={ABV_MIN}
          max={ABV_MAX}
          decimalScale={2}
          step={0.1}
          suffix="%"
          placeholder="e.g. 46%"
          {...form.getInputProps("abv")}
        />
      </SimpleGrid>
    </FormDialog>
  );
}
