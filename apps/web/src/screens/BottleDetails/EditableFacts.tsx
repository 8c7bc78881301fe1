import { useState, type ReactNode } from "react";
import { ActionIcon, Button, Group, NumberInput, Stack, Text, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import "../../styles/numberInput";
import type { WritePath } from "@club/api";
import {
  ABV_MAX,
  ABV_MIN,
  AbvSchema,
  BarcodeSchema,
  BottleSizeSchema,
  StoreLinkSchema,
  type BottleDetail,
} from "@club/shared";
import { BottleSizeInput } from "../../components/BottleSizeInput";
import { LookupSelect } from "../../components/LookupSelect";
import { OnceForm } from "../../components/OnceForm";
import { EditIcon } from "../../components/icons";
import { ErrorAlert } from "../../components/status";
import { writeKey } from "../../lib/cachePolicy";
import { numberInputValue } from "../../lib/format";
import { regionFitsCountry, regionsForCountry } from "../../lib/regions";
import { trpc } from "../../lib/trpc";
import { useUndoableSave } from "../../lib/undo";
import { useLookups, type LookupName, type SelectOption } from "../../lib/useLookups";
import { Facts, type Fact, type FactKey } from "./Facts";
import { useT } from "../../lib/i18n";
import { bottleMessages } from "./bottleMessages";

/** A link's start: the same in every language. */
const LINK_PLACEHOLDER = "https://";
import { firstIssueText } from "../../lib/validationText";

type Client = ReturnType<typeof trpc.useUtils>["client"];
type Lookups = ReturnType<typeof useLookups>;

/** A fact picked from a lookup list, saved by its own procedure (the floor's edit controls). */
interface LookupFact {
  lookup: LookupName;
  /** The procedure that saves it (the activity log's action, for the toast's Undo). */
  action: WritePath;
  current: (bottle: BottleDetail) => number | null;
  save: (client: Client, bottleId: number, id: number) => Promise<unknown>;
}

/** A lookup fact's words: its field's placeholder and its not-in-the-list hint. */
type LookupKey = "brand" | "drinkType" | "country" | "state";

const LOOKUP_FACTS: Partial<Record<FactKey, LookupFact>> = {
  brand: {
    lookup: "brands",
    action: "bottles.updateBrand",
    current: (bottle) => bottle.brandId,
    save: (client, bottleId, brandId) => client.bottles.updateBrand.mutate({ bottleId, brandId }),
  },
  drinkType: {
    lookup: "drinkTypes",
    action: "bottles.updateDrinkType",
    current: (bottle) => bottle.drinkTypeId,
    save: (client, bottleId, drinkTypeId) => client.bottles.updateDrinkType.mutate({ bottleId, drinkTypeId }),
  },
  country: {
    lookup: "countries",
    action: "bottles.updateCountry",
    current: (bottle) => bottle.countryId,
    save: (client, bottleId, countryId) => client.bottles.updateCountry.mutate({ bottleId, countryId }),
  },
  state: {
    lookup: "states",
    action: "bottles.updateState",
    current: (bottle) => bottle.stateId,
    save: (client, bottleId, stateId) => client.bottles.updateState.mutate({ bottleId, stateId }),
  },
};

/**
 * Every edit of a fact looks and reads the same: the field, Save and Cancel under it, the field's
 * own problem under the field, and the save's failure (`failure`, with the server's reason) below.
 */
function FactForm({
  onSave,
  onCancel,
  saving,
  canSave,
  failure,
  error,
  children,
}: {
  onSave: () => void;
  onCancel: () => void;
  saving: boolean;
  canSave: boolean;
  failure: { message: string; error: unknown } | null;
  error?: string | null;
  children: ReactNode;
}) {
  const t = useT(bottleMessages);
  return (
    <Stack gap={6}>
      <OnceForm onSubmit={onSave}>
        <Stack gap={6}>
          {children}
          {error ? (
            <Text size="sm" c="var(--mantine-color-error)" role="alert">
              {error}
            </Text>
          ) : null}
          <Group gap={6} wrap="nowrap">
            <Button size="xs" h={36} type="submit" loading={saving} disabled={!canSave}>
              {t("save")}
            </Button>
            <Button size="xs" h={36} variant="default" onClick={onCancel}>
              {t("cancel")}
            </Button>
          </Group>
        </Stack>
      </OnceForm>
      {failure ? <ErrorAlert message={failure.message} error={failure.error} /> : null}
    </Stack>
  );
}

interface EditorProps {
  bottle: BottleDetail;
  fact: Fact;
  onDone: () => void;
}

function LookupEditor({
  bottle,
  fact,
  onDone,
  spec,
  options,
  loading,
  mismatch,
}: EditorProps & { spec: LookupFact; options: SelectOption[]; loading: boolean; mismatch: string | null }) {
  const t = useT(bottleMessages);
  const utils = trpc.useUtils();
  const current = mismatch ? null : spec.current(bottle);
  const [picked, setPicked] = useState<string | null>(current === null ? null : String(current));
  const save = useMutation({
    // Through the client, so keyed by hand: lib/cachePolicy.ts refreshes what the write changes.
    mutationKey: writeKey(spec.action),
    mutationFn: (id: number) => spec.save(utils.client, bottle.id, id),
    onSuccess: useUndoableSave(
      t("updated", { noun: fact.noun }),
      { entity: "bottle", entityId: bottle.id, action: spec.action },
      onDone,
    ),
  });
  // The list's term labels the row; the field is named by it too, without a second visible label.
  const key = fact.key as LookupKey;

  return (
    <FactForm
      onSave={() => {
        if (picked !== null && picked !== String(current)) save.mutate(Number.parseInt(picked, 10));
      }}
      onCancel={onDone}
      saving={save.isPending}
      canSave={picked !== null && picked !== String(current)}
      failure={save.isError ? { message: t(`failed.${key}`), error: save.error } : null}
    >
      <LookupSelect
        aria-label={fact.noun}
        placeholder={loading ? t("loading") : t(`choose.${key}`)}
        notFound={(text) => t(`notInList.${key}`, { text })}
        data={options}
        value={picked}
        onChange={setPicked}
        allowDeselect={false}
        error={picked === null ? mismatch : null}
        nothingFoundMessage={t("nothingFound")}
      />
    </FactForm>
  );
}

/** The ABV, edited inline (docs/product.md: 0 to 100, else 'ABV must be a number between 0 and 100.'). */
function AbvEditor({ bottle, fact, onDone }: EditorProps) {
  const t = useT(bottleMessages);
  const [value, setValue] = useState<number | string>(bottle.abv);
  const [error, setError] = useState<string | null>(null);
  const update = trpc.bottles.updateAbv.useMutation({
    onSuccess: useUndoableSave(
      t("updated", { noun: fact.noun }),
      { entity: "bottle", entityId: bottle.id, action: "bottles.updateAbv" },
      onDone,
    ),
  });
  return (
    <FactForm
      onSave={() => {
        const parsed = AbvSchema.safeParse(numberInputValue(value) ?? Number.NaN);
        if (!parsed.success) {
          setError(t("abvRange"));
          return;
        }
        update.mutate({ bottleId: bottle.id, abv: parsed.data });
      }}
      onCancel={onDone}
      saving={update.isPending}
      canSave
      error={error}
      failure={update.isError ? { message: t("failed.abv"), error: update.error } : null}
    >
      <NumberInput
        aria-label={fact.noun}
        w={120}
        min={ABV_MIN}
        max={ABV_MAX}
        clampBehavior="none"
        decimalScale={2}
        suffix="%"
        value={value}
        onChange={(next) => {
          setValue(next);
          setError(null);
        }}
        error={Boolean(error)}
        aria-invalid={Boolean(error)}
        data-autofocus
        autoFocus
      />
    </FactForm>
  );
}

/**
 * The code printed on the bottle (bottles.setBarcode), typed as it reads under the bars; checked
 * here as the server checks it (its check digit), and another bottle's code is the server's 409.
 */
function BarcodeEditor({ bottle, fact, onDone }: EditorProps) {
  const t = useT(bottleMessages);
  const [value, setValue] = useState(bottle.barcode ?? "");
  const [error, setError] = useState<string | null>(null);
  const update = trpc.bottles.setBarcode.useMutation({
    onSuccess: useUndoableSave(
      t("updated", { noun: fact.noun }),
      { entity: "bottle", entityId: bottle.id, action: "bottles.setBarcode" },
      onDone,
    ),
  });
  const typed = value.trim();
  return (
    <FactForm
      onSave={() => {
        const code = BarcodeSchema.safeParse(typed);
        if (!code.success) return setError(firstIssueText(code.error) ?? null);
        update.mutate({ id: bottle.id, code: code.data });
      }}
      onCancel={onDone}
      saving={update.isPending}
      canSave={typed !== "" && typed !== (bottle.barcode ?? "")}
      error={error}
      failure={update.isError ? { message: t("failed.barcode"), error: update.error } : null}
    >
      <TextInput
        aria-label={fact.noun}
        w={200}
        inputMode="numeric"
        autoComplete="off"
        value={value}
        error={Boolean(error)}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setError(null);
        }}
        data-autofocus
        autoFocus
      />
    </FactForm>
  );
}

/** The name, the size and the store link: one correction of the bottle (PUT /api/Bottles/{id}). */
function BottleFieldEditor({ bottle, fact, onDone }: EditorProps) {
  const t = useT(bottleMessages);
  const initial =
    fact.key === "name" ? bottle.name : fact.key === "sizeMl" ? bottle.sizeMl : (bottle.storeLink ?? "");
  const [value, setValue] = useState<string | number>(initial);
  const [error, setError] = useState<string | null>(null);
  const update = trpc.bottles.update.useMutation({
    onSuccess: useUndoableSave(
      t("updated", { noun: fact.noun }),
      { entity: "bottle", entityId: bottle.id, action: "bottles.update" },
      onDone,
    ),
  });
  const change = (next: string | number) => {
    setValue(next);
    setError(null);
  };
  const failure = t(
    fact.key === "name" ? "failed.name" : fact.key === "sizeMl" ? "failed.sizeMl" : "failed.storeLink",
  );
  const typed = typeof value === "string" ? value.trim() : value;

  const save = () => {
    const fields = { id: bottle.id, name: bottle.name, storeLink: bottle.storeLink, sizeMl: bottle.sizeMl };
    if (fact.key === "name") {
      update.mutate({ ...fields, name: String(typed) });
    } else if (fact.key === "sizeMl") {
      const sized = BottleSizeSchema.safeParse(numberInputValue(value) ?? Number.NaN);
      if (!sized.success) return setError(firstIssueText(sized.error) ?? failure);
      update.mutate({ ...fields, sizeMl: sized.data });
    } else {
      const link = StoreLinkSchema.safeParse(typed);
      if (!link.success) return setError(firstIssueText(link.error) ?? t("storeLinkUrl"));
      update.mutate({ ...fields, storeLink: link.data === "" ? null : link.data });
    }
  };

  return (
    <FactForm
      onSave={save}
      onCancel={onDone}
      saving={update.isPending}
      canSave={typed !== initial && (fact.key !== "name" || typed !== "")}
      error={error}
      failure={update.isError ? { message: failure, error: update.error } : null}
    >
      {fact.key === "sizeMl" ? (
        <BottleSizeInput
          label={null}
          aria-label={t("sizeLabel")}
          w={140}
          value={value}
          error={Boolean(error)}
          onChange={change}
          data-autofocus
          autoFocus
        />
      ) : (
        <TextInput
          aria-label={fact.noun}
          type={fact.key === "storeLink" ? "url" : "text"}
          placeholder={fact.key === "storeLink" ? LINK_PLACEHOLDER : undefined}
          required={fact.key === "name"}
          value={String(value)}
          error={Boolean(error)}
          onChange={(event) => change(event.currentTarget.value)}
          data-autofocus
          autoFocus
        />
      )}
    </FactForm>
  );
}

function editorFor(key: FactKey, props: EditorProps, lookups: Lookups, mismatch: string | null) {
  const spec = LOOKUP_FACTS[key];
  if (spec) {
    // The state offers the regions of the bottle's country (and those of no country).
    const options =
      key === "state"
        ? lookups.states.filter((option) =>
            regionsForCountry(lookups.stateItems, props.bottle.countryId).some(
              (s) => String(s.id) === option.value,
            ),
          )
        : lookups[spec.lookup];
    return (
      <LookupEditor
        {...props}
        spec={spec}
        options={options}
        loading={lookups.loading}
        mismatch={key === "state" ? mismatch : null}
      />
    );
  }
  if (key === "abv") return <AbvEditor {...props} />;
  if (key === "barcode") return <BarcodeEditor {...props} />;
  return <BottleFieldEditor {...props} />;
}

/**
 * A member's list of the bottle's facts: the one way to edit a bottle. Each fact has its pencil
 * ("Edit Brand"); it opens that fact's field in place, with Save and Cancel, one fact at a time,
 * and a save says "Brand updated." with Undo.
 */
export function EditableFacts({ bottle }: { bottle: BottleDetail }) {
  const t = useT(bottleMessages);
  const [editing, setEditing] = useState<FactKey | null>(null);
  const lookups = useLookups(true);
  // A region left from another country is shown with the reason, and offered again.
  const mismatch = regionFitsCountry(lookups.stateItems, bottle.stateId, bottle.countryId)
    ? null
    : bottle.country
      ? t("mismatch", { state: bottle.state ?? t("theState"), country: bottle.country })
      : t("mismatchNoCountry", { state: bottle.state ?? t("theState") });

  return (
    <Facts
      bottle={bottle}
      withName
      renderValue={(fact) =>
        editing === fact.key ? (
          editorFor(fact.key, { bottle, fact, onDone: () => setEditing(null) }, lookups, mismatch)
        ) : (
          <Stack gap={2}>
            <Group gap="xs" wrap="nowrap" justify="space-between" align="center">
              <span>{fact.value}</span>
              <ActionIcon
                variant="subtle"
                size={40}
                // A 40 px tap target that does not make the row taller than a visitor's.
                my={-9}
                aria-label={t("edit", { noun: fact.noun })}
                title={t("edit", { noun: fact.noun })}
                onClick={() => setEditing(fact.key)}
              >
                <EditIcon size={17} />
              </ActionIcon>
            </Group>
            {fact.key === "state" && mismatch ? (
              <Text size="xs" c="var(--mantine-color-error)">
                {mismatch}
              </Text>
            ) : null}
          </Stack>
        )
      }
    />
  );
}
