import { Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { FormDialog } from "../../components/FormDialog";
import { formatDate } from "../../lib/format";
import { formatMoney } from "../../lib/money";
import { onSaved } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { useT } from "../../lib/i18n";
import { treasurerMessages } from "./treasurerMessages";

/**
 * Void a ledger line with a reason: the line stays on the statement, marked voided, and a
 * reversing line cancels it. A void is final: the treasurer then records the right entry.
 */
export default function VoidEntryDialog({
  entry,
  onClose,
}: {
  entry: { id: number; label: string; date: string; amount: number };
  onClose: () => void;
}) {
  const t = useT(treasurerMessages);
  const form = useForm({ initialValues: { reason: "" } });
  const voiding = trpc.dues.void.useMutation({
    onSuccess: onSaved(t("void.saved", { label: entry.label, amount: formatMoney(entry.amount) }), onClose),
  });
  const reason = form.values.reason.trim();
  return (
    <FormDialog
      title={t("void.title", { label: entry.label })}
      onClose={onClose}
      submitLabel={t("void.submit")}
      onSubmit={form.onSubmit(() => voiding.mutate({ id: entry.id, reason }))}
      errors={[voiding.isError && voiding.error.message]}
      canSubmit={reason !== "" && reason.length <= 500}
      submitting={voiding.isPending}
    >
      <Text size="sm">
        {t("void.text", {
          label: entry.label,
          date: formatDate(entry.date),
          amount: formatMoney(entry.amount),
        })}
      </Text>
      <Textarea
        label={t("void.reason")}
        required
        data-autofocus
        autosize
        minRows={2}
        maxLength={500}
        description={t("void.reasonHint")}
        {...form.getInputProps("reason")}
      />
    </FormDialog>
  );
}
