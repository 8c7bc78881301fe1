import { Select, Textarea, TextInput } from "@mantine/core";
import "../../styles/combobox";
import { useForm } from "@mantine/form";
import { CLUB_RULES } from "@club/shared";
import { FormDialog } from "../../components/FormDialog";
import { thisMonth } from "../../lib/money";
import { onSaved } from "../../lib/notify";
import { trpc } from "../../lib/trpc";

interface Values {
  fromMonth: string;
  months: string | null;
  reason: string;
}

const MONTH_CHOICES = Array.from({ length: CLUB_RULES.waiverMaxMonths }, (_, i) => String(i + 1));

/** Grant waiver: from a month, 1 to 6 months, a reason. A refusal shows the server's rule. */
export default function GrantWaiverDialog({
  member,
  onClose,
}: {
  member: { id: number; name: string };
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const waive = trpc.dues.waive.useMutation({
    onSuccess: onSaved(`Waiver granted to ${member.name}.`, onClose, () => utils.dues.invalidate()),
  });
  const form = useForm<Values>({ initialValues: { fromMonth: thisMonth(), months: "1", reason: "" } });
  const monthOk = /^\d{4}-(0[1-9]|1[0-2])$/.test(form.values.fromMonth);

  return (
    <FormDialog
      title={`Grant waiver: ${member.name}`}
      onClose={onClose}
      submitLabel="Grant waiver"
      onSubmit={form.onSubmit((values) => {
        if (values.months === null) return;
        waive.mutate({
          memberId: member.id,
          fromMonth: values.fromMonth,
          months: Number(values.months),
          reason: values.reason.trim(),
        });
      })}
      errors={[waive.isError && waive.error.message]}
      canSubmit={monthOk && form.values.months !== null && form.values.reason.trim() !== ""}
      submitting={waive.isPending}
    >
      <TextInput
        type="month"
        label="From month"
        required
        placeholder="YYYY-MM"
        error={monthOk ? undefined : "Use the month format YYYY-MM."}
        {...form.getInputProps("fromMonth")}
      />
      <Select
        label="Months"
        required
        allowDeselect={false}
        data={MONTH_CHOICES}
        description={`1 to ${CLUB_RULES.waiverMaxMonths}, for members of more than ${CLUB_RULES.waiverMinMembershipMonths} months.`}
        {...form.getInputProps("months")}
      />
      <Textarea
        label="Reason"
        required
        data-autofocus
        autosize
        minRows={2}
        maxLength={500}
        {...form.getInputProps("reason")}
      />
    </FormDialog>
  );
}
