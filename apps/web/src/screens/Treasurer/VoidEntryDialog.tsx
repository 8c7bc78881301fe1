import { Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { FormDialog } from "../../components/FormDialog";
import { formatDate } from "../../lib/format";
import { formatMoney } from "../../lib/money";
import { onSaved } from "../../lib/notify";
import { trpc } from "../../lib/trpc";

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
  const form = useForm({ initialValues: { reason: "" } });
  const voiding = trpc.dues.void.useMutation({
    onSuccess: onSaved(`Voided: ${entry.label}, ${formatMoney(entry.amount)}.`, onClose),
  });
  const reason = form.values.reason.trim();
  return (
    <FormDialog
      title={`Void: ${entry.label}`}
      onClose={onClose}
      submitLabel="Void entry"
      onSubmit={form.onSubmit(() => voiding.mutate({ id: entry.id, reason }))}
      errors={[voiding.isError && voiding.error.message]}
      canSubmit={reason !== "" && reason.length <= 500}
      submitting={voiding.isPending}
    >
      <Text size="sm">
        {entry.label} of {formatDate(entry.date)}, {formatMoney(entry.amount)}, stays on the statement, marked
        voided, and a reversing line cancels it. A void cannot be undone: record the right entry afterwards.
      </Text>
      <Textarea
        label="Reason"
        required
        data-autofocus
        autosize
        minRows={2}
        maxLength={500}
        description="Said on the statement and in the export, e.g. “typed 520 instead of 52”."
        {...form.getInputProps("reason")}
      />
    </FormDialog>
  );
}
