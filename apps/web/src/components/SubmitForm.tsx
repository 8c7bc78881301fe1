import type { FormEvent, ReactNode } from "react";
import { Button, Group, Stack, type MantineSpacing } from "@mantine/core";
import type { Failure } from "../lib/errors";
import { OnceForm } from "./OnceForm";
import { ErrorAlert } from "./status";
import { useT } from "../lib/i18n";
import { commonMessages } from "./commonMessages";

/** What every add form has: its fields, the alerts of failed loads and saves, and a Submit button. */
export interface SubmitFormProps {
  /** Runs on submit (the page does not reload). A @mantine/form `form.onSubmit(...)` handler fits. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /**
   * Spec messages shown as red alerts above the fields, in this order; falsy entries show nothing.
   * A Failure (lib/errors.ts `failure(message, mutation.error)`) adds the server's reason under it.
   */
  errors: readonly (string | Failure | false | null | undefined)[];
  /** The form's own rule for when Submit is enabled (docs/product.md, The floor). */
  canSubmit?: boolean;
  /** The save is under way: Submit shows a spinner. */
  submitting: boolean;
  /** The Submit button's words ("Submit" unless told). */
  submitLabel?: ReactNode;
  children: ReactNode;
}

/** The form inside FormDialog and FormCard; dialogs add Cancel before Submit. */
export function SubmitForm({
  onSubmit,
  errors,
  canSubmit = true,
  submitting,
  submitLabel,
  children,
  heading,
  gap,
  onCancel,
}: SubmitFormProps & { heading?: ReactNode; gap?: MantineSpacing; onCancel?: () => void }) {
  const t = useT(commonMessages);
  // A double tap (or Enter twice) saves once: the second submit arrives before `submitting` does.
  return (
    <OnceForm onSubmit={onSubmit}>
      <Stack gap={gap}>
        {heading}
        {errors.map((entry) =>
          !entry ? null : typeof entry === "string" ? (
            <ErrorAlert key={entry} message={entry} />
          ) : (
            <ErrorAlert key={entry.message} message={entry.message} error={entry.error} />
          ),
        )}
        {children}
        <Group justify="flex-end" mt={onCancel ? "sm" : undefined}>
          {onCancel ? (
            <Button variant="default" h={40} onClick={onCancel}>
              {t("cancel")}
            </Button>
          ) : null}
          <Button type="submit" h={40} disabled={!canSubmit} loading={submitting}>
            {submitLabel ?? t("submit")}
          </Button>
        </Group>
      </Stack>
    </OnceForm>
  );
}
