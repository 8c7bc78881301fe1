import { Modal, Select, Textarea, TextInput } from "@mantine/core";
import "../../styles/modal";
import "../../styles/combobox";
import { useForm } from "@mantine/form";
import { type DuesStatement } from "@club/shared";
import { clubSettings } from "../../lib/clubSettings";
import { formatMonth, thisMonth } from "../../lib/money";
import { SubmitForm } from "../../components/SubmitForm";
import { useDuesSaved } from "../../lib/duesSaved";
import { trpc } from "../../lib/trpc";
import { ConfirmStep } from "./ConfirmStep";
import { useQuestionedWrite } from "./confirmQuestion";
import { useT } from "../../lib/i18n";
import { treasurerMessages } from "./treasurerMessages";

interface Values {
  fromMonth: string;
  months: string | null;
  reason: string;
}

const monthChoices = () => Array.from({ length: clubSettings().waiverMaxMonths }, (_, i) => String(i + 1));

/** The waiver just granted: its first month's line (the activity entry is named after it). */
export const waiverLineId = (statement: DuesStatement, fromMonth: string) =>
  Math.max(
    ...statement.entries
      .filter((e) => e.kind === "waiver" && !e.voided && e.month === fromMonth)
      .map((e) => e.id),
  );

/**
 * Grant waiver: from a month, 1 to 6 months, a reason. A refusal shows the server's rule; a waiver
 * starting before the member joined asks first; the toast offers Undo, which voids it.
 */
export default function GrantWaiverDialog({
  member,
  onClose,
}: {
  member: { id: number; name: string };
  onClose: () => void;
}) {
  const t = useT(treasurerMessages);
  const waive = trpc.dues.waive.useMutation({
    onSuccess: useDuesSaved(
      (input) =>
        t("waive.saved", { months: input.months, from: formatMonth(input.fromMonth), name: member.name }),
      (statement, input) => ({
        entity: "duesEntry",
        entityId: waiverLineId(statement, input.fromMonth),
        action: "dues.waive",
      }),
      onClose,
    ),
  });
  const form = useForm<Values>({ initialValues: { fromMonth: thisMonth(), months: "1", reason: "" } });
  const monthOk = /^\d{4}-(0[1-9]|1[0-2])$/.test(form.values.fromMonth);
  const write = useQuestionedWrite(waive, "CONFIRM_EARLY_WAIVER");

  return (
    <Modal opened onClose={onClose} title={t("waive.title", { name: member.name })}>
      {write.question ? (
        <ConfirmStep
          question={write.question}
          confirmLabel={t("waive.anyway")}
          pending={write.pending}
          error={write.failed}
        />
      ) : (
        <SubmitForm
          submitLabel={t("waive.submit")}
          onCancel={onClose}
          onSubmit={form.onSubmit((values) => {
            if (values.months === null) return;
            write.send({
              memberId: member.id,
              fromMonth: values.fromMonth,
              months: Number(values.months),
              reason: values.reason.trim(),
            });
          })}
          errors={[write.failed]}
          canSubmit={monthOk && form.values.months !== null && form.values.reason.trim() !== ""}
          submitting={write.pending}
        >
          <TextInput
            type="month"
            label={t("waive.from")}
            required
            placeholder={t("waive.monthPlaceholder")}
            error={monthOk ? undefined : t("waive.monthFormat")}
            {...form.getInputProps("fromMonth")}
          />
          <Select
            label={t("waive.months")}
            required
            allowDeselect={false}
            data={monthChoices()}
            description={t("waive.monthsHint", {
              max: clubSettings().waiverMaxMonths,
              min: clubSettings().waiverMinMembershipMonths,
            })}
            {...form.getInputProps("months")}
          />
          <Textarea
            label={t("waive.reason")}
            required
            data-autofocus
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps("reason")}
          />
        </SubmitForm>
      )}
    </Modal>
  );
}
