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
import { methodText } from "../Dues/duesMessages";
import { useT } from "../../lib/i18n";
import { treasurerMessages } from "./treasurerMessages";

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
  const t = useT(treasurerMessages);
  const pay = trpc.dues.pay.useMutation({
    onSuccess: useDuesSaved(
      (input) =>
        t("pay.saved", {
          amount: formatMoney(input.amount),
          method: methodText(input.method),
          name: member.name,
        }),
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
    <Modal opened onClose={onClose} title={t("pay.title", { name: member.name })}>
      {write.question ? (
        <ConfirmStep
          question={write.question}
          confirmLabel={t("pay.anyway")}
          pending={write.pending}
          error={write.failed}
        />
      ) : (
        <SubmitForm
          submitLabel={t("pay.submit")}
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
            label={t("pay.amount")}
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
            label={t("pay.date")}
            required
            max={maxDate}
            error={dateOk ? undefined : t("pay.future")}
            {...form.getInputProps("date")}
          />
          <Select
            label={t("pay.method")}
            required
            allowDeselect={false}
            data={PAYMENT_METHODS.map((method) => ({ value: method, label: methodText(method) }))}
            {...form.getInputProps("method")}
          />
          <Textarea
            label={t("pay.note")}
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps("note")}
          />
        </SubmitForm>
      )}
    </Modal>
  );
}
