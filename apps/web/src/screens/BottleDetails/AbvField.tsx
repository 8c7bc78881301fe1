import { useState } from "react";
import { ActionIcon, Button, Group, NumberInput, Stack, Text } from "@mantine/core";
import "../../styles/numberInput";
import { ABV_MAX, ABV_MIN, AbvSchema, Messages } from "@club/shared";
import { EditIcon } from "../../components/icons";
import { ErrorAlert } from "../../components/status";
import { formatAbv, numberInputValue } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { useUndoableSave } from "../../lib/undo";
import classes from "./BottleDetails.module.css";
import { OnceForm } from "../../components/OnceForm";

/** The ABV value; members edit it inline (0 to 100, else the spec's error text). */
export function AbvField({ bottleId, abv, editable }: { bottleId: number; abv: number; editable: boolean }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<number | string>(abv);
  const [error, setError] = useState<string | null>(null);
  const update = trpc.bottles.updateAbv.useMutation({
    onSuccess: useUndoableSave(
      "ABV updated.",
      { entity: "bottle", entityId: bottleId, action: "bottles.updateAbv" },
      () => setEditing(false),
    ),
  });

  if (!editing) {
    return (
      <Group gap="xs" wrap="nowrap">
        <span className={classes.numeric}>{formatAbv(abv)}</span>
        {editable ? (
          <ActionIcon
            variant="subtle"
            size={40}
            // A 40 px tap target that does not make the ABV row taller than its neighbours.
            my={-9}
            aria-label="Edit ABV"
            title="Edit ABV"
            onClick={() => {
              setValue(abv);
              setError(null);
              update.reset();
              setEditing(true);
            }}
          >
            <EditIcon size={17} />
          </ActionIcon>
        ) : null}
      </Group>
    );
  }

  const save = () => {
    const parsed = AbvSchema.safeParse(numberInputValue(value) ?? Number.NaN);
    if (!parsed.success) {
      setError(Messages.abvRange);
      return;
    }
    setError(null);
    update.mutate({ bottleId, abv: parsed.data });
  };

  return (
    <Stack gap={6}>
      <OnceForm
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Group gap="xs" align="center">
          <NumberInput
            aria-label="ABV"
            size="xs"
            w={110}
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
            aria-describedby={error ? "abv-error" : undefined}
            data-autofocus
            autoFocus
          />
          <Group gap={6} wrap="nowrap">
            <Button size="xs" type="submit" loading={update.isPending}>
              Save
            </Button>
            <Button size="xs" variant="default" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </Group>
        </Group>
      </OnceForm>
      {error ? (
        <Text id="abv-error" size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      ) : null}
      {update.isError ? <ErrorAlert message={Messages.updateAbv} error={update.error} /> : null}
    </Stack>
  );
}
