import { Modal, NumberInput, Select, Textarea, TextInput } from "@mantine/core";
import "../../styles/combobox";
import "../../styles/numberInput";
import "../../styles/modal";
import { useForm } from "@mantine/form";
import { PAYMENT_METHODS, type DuesStatement } from "@club/shared";
import { numberInputValue, today } from "../../lib/format";
import { currencyPrefix, formatMoney } from "../../lib/money";
import { SubmitForm } from "../../components/SubmitForm";
import { useDuesSaved } from "../../lib/duesSaved";
import { trpc } from "../../lib/trpc";
import { ConfirmStep } from "./ConfirmStep";
import { useQuestionedWrite } from "./confirmQuestion";

interface Values {
  amount: number | string;
  date: string;
  method: string | null;
  note: string;
}

/** The payment just recorded: the newest payment line of the statement. */
export const newestPaymentId = (statement: DuesStatement) =>
  Math.max(...statement.entries.filter((e) => e.kind === "payment").map((e) => e.id));

/**
 * Record payment: amount, date (today by default, never later), method and a note. A payment the
 * server questions (more than a year ahead, or dated before the member joined) asks first; the
 * toast offers Undo, which voids it.
 */
export default function RecordPaymentDialog({
  member,
  onClose,
}: {
  member: { id: number; name: string };
  onClose: () => void;
}) {
  const pay = trpc.dues.pay.useMutation({
    onSuccess: useDuesSaved(
      (input) => `Payment of ${formatMoney(input.amount)} (${input.method}) recorded for ${member.name}.`,
      (statement) => ({ entity: "duesEntry", entityId: newestPaymentId(statement), action: "dues.pay" }),
      onClose,
    ),
  });
  const maxDate = today();
  const form = useForm<Values>({
    initialValues: { amount: "", date: maxDate, method: "cash", note: "" },
  });
  const amount = numberInputValue(form.values.amount);
  const dateOk = /^\d{4}-\d{2}-\d{2}$/.test(form.values.date) && form.values.date <= maxDate;

  const write = useQuestionedWrite(pay, "CONFIRM_LARGE_PAYMENT");
  return (
    <Modal opened onClose={onClose} title={`Record payment: ${member.name}`}>
      {write.question ? (
        <ConfirmStep
          question={write.question}
          confirmLabel="Record anyway"
          pending={write.pending}
          error={write.failed}
        />
      ) : (
        <SubmitForm
          submitLabel="Record payment"
          onCancel={onClose}
          onSubmit={form.onSubmit((values) => {
            if (amount === null || values.method === null) return;
            write.send({
              memberId: member.id,
              amount,
              date: values.date,
              method: values.method as (typeof PAYMENT_METHODS)[number],
              note: values.note.trim(),
            });
          })}
          errors={[write.failed]}
          canSubmit={amount !== null && amount > 0 && dateOk && form.values.method !== null}
          submitting={write.pending}
        >
          <NumberInput
            label="Amount"
            required
            data-autofocus
            prefix={currencyPrefix()}
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
        </SubmitForm>
      )}
    </Modal>
  );
}
