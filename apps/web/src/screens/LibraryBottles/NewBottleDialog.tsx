import { NumberInput, SimpleGrid, Text, TextInput } from "@mantine/core";
import "../../styles/numberInput";
import "../../styles/combobox";
import { useForm } from "@mantine/form";
import {
  ABV_MAX,
  ABV_MIN,
  BOTTLE_ML_MAX,
  BOTTLE_ML_MIN,
  DEFAULT_BOTTLE_ML,
  Messages,
  NewBottleInputSchema,
  type NewBottleInput,
} from "@club/shared";
import { FormDialog } from "../../components/FormDialog";
import { LookupSelect } from "../../components/LookupSelect";
import { useSession } from "../../lib/appSession";
import { failure } from "../../lib/errors";
import { numberInputValue } from "../../lib/format";
import { onSaved } from "../../lib/notify";
import { regionFitsCountry, regionsForCountry } from "../../lib/regions";
import { trpc } from "../../lib/trpc";
import { useUndo } from "../../lib/undo";
import { useLookups } from "../../lib/useLookups";
import { DidYouMean } from "./DidYouMean";

interface Values {
  name: string;
  storeLink: string;
  brandId: string | null;
  newBrand: string;
  drinkTypeId: string | null;
  countryId: string | null;
  stateId: string | null;
  abv: number | string;
  /** Issue 14: the bottle's size in ml (700 unless changed). */
  sizeMl: number | string;
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
    sizeMl: numberInputValue(values.sizeMl) ?? Number.NaN,
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
  const undo = useUndo();
  const create = trpc.bottles.create.useMutation({
    onSuccess: (created, input) =>
      onSaved(
        {
          notice: "Bottle added to the library.",
          undo: () => undo({ entity: "bottle", entityId: created.id, action: "bottles.create" }),
        },
        () => onCreated?.({ id: created.id, name: input.name }),
        onClose,
        () =>
          Promise.all([
            utils.bottles.invalidate(),
            utils.search.invalidate(),
            utils.lookups.brands.invalidate(),
          ]),
      )(created, input),
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
      sizeMl: DEFAULT_BOTTLE_ML,
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
  const countryId = toId(form.values.countryId);
  const regionIds = new Set(
    regionsForCountry(lookups.stateItems, countryId).map((state) => String(state.id)),
  );
  const regions = lookups.states.filter((option) => regionIds.has(option.value));
  const chooseCountry = (next: string | null) => {
    form.setFieldValue("countryId", next);
    // A region of another country no longer fits: clear it rather than save a mismatch.
    if (!regionFitsCountry(lookups.stateItems, toId(form.values.stateId), toId(next))) {
      form.setFieldValue("stateId", null);
    }
  };
  const chooseRegion = (next: string | null) => {
    form.setFieldValue("stateId", next);
    // A region of one country fills in an empty country.
    const country = lookups.stateItems.find((state) => String(state.id) === next)?.countryId ?? null;
    if (form.values.countryId === null && country !== null) form.setFieldValue("countryId", String(country));
  };
  const canSubmit = form.values.name.trim() !== "" && numberInputValue(form.values.abv) !== null;

  return (
    <FormDialog
      title="Add New Bottle"
      size="lg"
      onClose={onClose}
      onSubmit={form.onSubmit((values) => create.mutate(toNewBottleInput(values)))}
      errors={[failure(Messages.addNewBottle, create.error)]}
      canSubmit={canSubmit}
      submitting={create.isPending}
    >
      <TextInput label="Name" required data-autofocus {...form.getInputProps("name")} />
      <DidYouMean name={form.values.name} />
      <TextInput label="Store link" type="url" placeholder="https://" {...form.getInputProps("storeLink")} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LookupSelect
          label="Brand"
          placeholder={typingNewBrand ? "Using the new brand" : "Choose a brand"}
          data={lookups.brands}
          clearable
          disabled={typingNewBrand}
          nothingFoundMessage="No such brand: type it as a new brand"
          notFound={(text) => `No brand "${text}" in the list: type it under New brand.`}
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
        <LookupSelect
          label="Type"
          placeholder="Choose a type"
          data={lookups.drinkTypes}
          clearable
          notFound={(text) => `No type "${text}" in the list.`}
          {...form.getInputProps("drinkTypeId")}
        />
        <LookupSelect
          label="Country"
          placeholder="Choose a country"
          data={lookups.countries}
          clearable
          notFound={(text) => `No country "${text}" in the list.`}
          {...form.getInputProps("countryId")}
          onChange={chooseCountry}
        />
        <LookupSelect
          label="State"
          placeholder={countryId === null ? "Choose a state or region" : "Choose a region of this country"}
          data={regions}
          clearable
          nothingFoundMessage="No such state or region for this country"
          notFound={(text) =>
            countryId === null
              ? `No state or region "${text}" in the list.`
              : `No state or region "${text}" in the chosen country.`
          }
          {...form.getInputProps("stateId")}
          onChange={chooseRegion}
        />
        <NumberInput
          label="ABV"
          required
          min={ABV_MIN}
          max={ABV_MAX}
          clampBehavior="none"
          decimalScale={2}
          step={0.1}
          suffix="%"
          placeholder="e.g. 46%"
          {...form.getInputProps("abv")}
        />
        <NumberInput
          label="Size (ml)"
          min={BOTTLE_ML_MIN}
          max={BOTTLE_ML_MAX}
          clampBehavior="none"
          allowDecimal={false}
          step={50}
          {...form.getInputProps("sizeMl")}
        />
      </SimpleGrid>
    </FormDialog>
  );
}
