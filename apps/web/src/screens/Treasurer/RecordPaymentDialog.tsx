import { NumberInput, Select, Textarea, TextInput } from "@mantine/core";
import "../../styles/combobox";
import "../../styles/numberInput";
import { useForm } from "@mantine/form";
import { PAYMENT_METHODS } from "@club/shared";
import { FormDialog } from "../../components/FormDialog";
import { numberInputValue, today } from "../../lib/format";
import { onSaved } from "../../lib/notify";
import { trpc } from "../../lib/trpc";

interface Values {
  amount: number | string;
  date: string;
  method: string | null;
  note: string;
}

/** Record payment: amount, date (today by default, never later), method and a note. */
export default function RecordPaymentDialog({
  member,
  onClose,
}: {
  member: { id: number; name: string };
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const pay = trpc.dues.pay.useMutation({
    onSuccess: onSaved(`Payment recorded for ${member.name}.`, onClose, () => utils.dues.invalidate()),
  });
  const maxDate = today();
  const form = useForm<Values>({
    initialValues: { amount: "", date: maxDate, method: "cash", note: "" },
  });
  const amount = numberInputValue(form.values.amount);
  const dateOk = /^\d{4}-\d{2}-\d{2}$/.test(form.values.date) && form.values.date <= maxDate;

  return (
    <FormDialog
      title={`Record payment: ${member.name}`}
      onClose={onClose}
      submitLabel="Record payment"
      onSubmit={form.onSubmit((values) => {
        if (amount === null || values.method === null) return;
        pay.mutate({
          memberId: member.id,
          amount,
          date: values.date,
          method: values.method as (typeof PAYMENT_METHODS)[number],
          note: values.note.trim(),
        });
      })}
      errors={[pay.isError && pay.error.message]}
      canSubmit={amount !== null && amount > 0 && dateOk && form.values.method !== null}
      submitting={pay.isPending}
    >
      <NumberInput
        label="Amount"
        required
        data-autofocus
        prefix="$"
        min={0.01}
        decimalScale={2}
        thousandSeparator=","
        hideControls
        inputMode="decimal"
        {...form.getInputProps("amount")}
      />
      <TextInput
        type="date"
        label="Date received"
        required
        max={maxDate}
        error={dateOk ? undefined : "Choose a date that is not in the future."}
        {...form.getInputProps("date")}
      />
      <Select
        label="Method"
        required
        allowDeselect={false}
        data={PAYMENT_METHODS.map((method) => ({ value: method, label: method }))}
        {...form.getInputProps("method")}
      />
      <Textarea label="Note" autosize minRows={2} maxLength={500} {...form.getInputProps("note")} />
    </FormDialog>
  );
}
