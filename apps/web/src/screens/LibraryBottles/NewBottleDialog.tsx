import { useState } from "react";
import { Alert, Anchor, Button, NumberInput, SimpleGrid, Text, TextInput } from "@mantine/core";
import { Link } from "react-router-dom";
import "../../styles/numberInput";
import "../../styles/combobox";
import { useForm } from "@mantine/form";
import { ABV_MAX, ABV_MIN, DEFAULT_BOTTLE_ML, NewBottleInputSchema, type NewBottleInput } from "@club/shared";
import { BottleSizeInput } from "../../components/BottleSizeInput";
import { FormDialog } from "../../components/FormDialog";
import { LookupSelect } from "../../components/LookupSelect";
import { useSession } from "../../lib/appSession";
import { failure } from "../../lib/errors";
import { useT } from "../../lib/i18n";
import { numberInputValue } from "../../lib/format";
import { onSaved } from "../../lib/notify";
import { regionFitsCountry, regionsForCountry } from "../../lib/regions";
import { nameKey, sameName } from "../../lib/sameName";
import { trpc } from "../../lib/trpc";
import { useUndo } from "../../lib/undo";
import { useLookups } from "../../lib/useLookups";
import { DidYouMean } from "./DidYouMean";
import { libraryMessages } from "./libraryMessages";
import { validationText } from "../../lib/validationText";

interface Values {
  name: string;
  storeLink: string;
  brandId: string | null;
  newBrand: string;
  drinkTypeId: string | null;
  countryId: string | null;
  stateId: string | null;
  abv: number | string;
  /** The bottle's size in ml (700 unless changed). */
  sizeMl: number | string;
}

/** A link's start: the same in every language. */
const LINK_PLACEHOLDER = "https://";

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
  const t = useT(libraryMessages);
  const utils = trpc.useUtils();
  const lookups = useLookups(useSession() !== null);
  const undo = useUndo();
  const create = trpc.bottles.create.useMutation({
    onSuccess: (created, input) =>
      onSaved(
        {
          notice: t("new.added"),
          undo: () => undo({ entity: "bottle", entityId: created.id, action: "bottles.create" }),
        },
        () => onCreated?.({ id: created.id, name: input.name }),
        onClose,
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
        errors[field] ??= validationText(issue.message);
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

  // An exact duplicate: a bottle of the same name, ignoring case and accents, is added
  // only after an explicit "Add anyway"; "Did you mean" alone let Submit create a second one.
  const [duplicate, setDuplicate] = useState<{ id: number; name: string; key: string } | null>(null);
  const [checking, setChecking] = useState(false);
  const shownDuplicate = duplicate && duplicate.key === nameKey(form.values.name) ? duplicate : null;
  const submit = async (values: Values) => {
    const input = toNewBottleInput(values);
    setChecking(true);
    const similar = await utils.search.similar
      .fetch({ name: input.name }, { staleTime: 0 })
      .catch(() => [] as { id: number; name: string }[]);
    setChecking(false);
    const same = similar.find((bottle) => sameName(bottle.name, input.name));
    if (same) {
      setDuplicate({ id: same.id, name: same.name, key: nameKey(input.name) });
      return;
    }
    create.mutate(input);
  };
  const addAnyway = () => {
    const checked = form.validate();
    if (!checked.hasErrors) create.mutate(toNewBottleInput(form.values));
  };

  return (
    <FormDialog
      title={t("new.title")}
      size="lg"
      onClose={onClose}
      onSubmit={form.onSubmit((values) => void submit(values))}
      errors={[failure(t("new.failed"), create.error)]}
      canSubmit={canSubmit && !shownDuplicate}
      submitting={create.isPending || checking}
    >
      <TextInput label={t("new.name")} required data-autofocus {...form.getInputProps("name")} />
      {shownDuplicate ? (
        <Alert color="yellow" variant="light" role="alert" title={t("new.duplicateTitle")}>
          <Text size="sm">
            <Anchor component={Link} to={`/bottle/${shownDuplicate.id}`} fw={600}>
              {shownDuplicate.name}
            </Anchor>{" "}
            {t("new.duplicateText")}
          </Text>
          <Button mt="sm" h={40} variant="default" onClick={addAnyway} loading={create.isPending}>
            {t("new.addAnyway")}
          </Button>
        </Alert>
      ) : (
        <DidYouMean name={form.values.name} />
      )}
      <TextInput
        label={t("new.storeLink")}
        type="url"
        placeholder={LINK_PLACEHOLDER}
        {...form.getInputProps("storeLink")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LookupSelect
          label={t("new.brand")}
          placeholder={typingNewBrand ? t("new.usingNewBrand") : t("new.chooseBrand")}
          data={lookups.brands}
          clearable
          disabled={typingNewBrand}
          nothingFoundMessage={t("new.noSuchBrand")}
          notFound={(text) => t("new.brandNotFound", { text })}
          {...form.getInputProps("brandId")}
        />
        <TextInput
          label={t("new.newBrand")}
          placeholder={t("new.newBrandPlaceholder")}
          {...form.getInputProps("newBrand")}
        />
        <Text size="xs" c="dimmed" style={{ gridColumn: "1 / -1" }} mt={-8}>
          {t("new.brandHint")}
        </Text>
        <LookupSelect
          label={t("new.type")}
          placeholder={t("new.chooseType")}
          notFound={(text) => t("new.typeNotFound", { text })}
          data={lookups.drinkTypes}
          clearable
          {...form.getInputProps("drinkTypeId")}
        />
        <LookupSelect
          label={t("new.country")}
          placeholder={t("new.chooseCountry")}
          notFound={(text) => t("new.countryNotFound", { text })}
          data={lookups.countries}
          clearable
          {...form.getInputProps("countryId")}
          onChange={chooseCountry}
        />
        <LookupSelect
          label={t("new.state")}
          placeholder={countryId === null ? t("new.chooseState") : t("new.chooseRegion")}
          data={regions}
          clearable
          nothingFoundMessage={t("new.noSuchState")}
          notFound={(text) =>
            countryId === null ? t("new.stateNotFound", { text }) : t("new.regionNotFound", { text })
          }
          {...form.getInputProps("stateId")}
          onChange={chooseRegion}
        />
        <NumberInput
          label={t("new.abv")}
          required
          min={ABV_MIN}
          max={ABV_MAX}
          clampBehavior="none"
          decimalScale={2}
          step={0.1}
          suffix="%"
          placeholder={t("new.abvPlaceholder")}
          {...form.getInputProps("abv")}
        />
        <BottleSizeInput {...form.getInputProps("sizeMl")} />
      </SimpleGrid>
    </FormDialog>
  );
}
