import { Checkbox, NumberInput, SegmentedControl, Stack, Text, Textarea, TextInput } from "@mantine/core";
import "../../styles/numberInput";
import "@mantine/core/styles/Checkbox.css";
import "../../styles/segmentedControl";
import { useForm } from "@mantine/form";
import type { DuesOpening, OpeningInput } from "@club/shared";
import { FormDialog } from "../../components/FormDialog";
import { ErrorAlert, PageLoader } from "../../components/status";
import { formatDate, numberInputValue, today } from "../../lib/format";
import { formatMoney, formatMonth, thisMonth, currencyPrefix } from "../../lib/money";
import { useDuesSaved } from "../../lib/duesSaved";
import { trpc } from "../../lib/trpc";
import type { MessageValues } from "@club/shared";
import { useT } from "../../lib/i18n";
import { clubSettings } from "../../lib/clubSettings";
import { treasurerMessages, type TreasurerKey } from "./treasurerMessages";

type Direction = "none" | "owed" | "credit";

interface Values {
  memberSince: string;
  joiningFeePaid: boolean;
  firstChargedMonth: string;
  direction: Direction;
  amount: number | string;
  note: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function initialValues(opening: DuesOpening, month: string): Values {
  return {
    memberSince: opening.memberSince ?? today(),
    joiningFeePaid: opening.recorded ? opening.joiningFeePaid : true,
    firstChargedMonth: opening.firstChargedMonth ?? month,
    direction: opening.openingBalance > 0 ? "owed" : opening.openingBalance < 0 ? "credit" : "none",
    amount: opening.openingBalance === 0 ? "" : Math.abs(opening.openingBalance),
    note: opening.note,
  };
}

/** What the opening will say, in one sentence, before it is saved. */
function summary(
  v: Values,
  amount: number | null,
  t: (key: TreasurerKey, values?: MessageValues) => string,
): string {
  const parts = [
    t("opening.memberSinceSummary", { date: DATE.test(v.memberSince) ? formatDate(v.memberSince) : "…" }),
    v.joiningFeePaid ? t("opening.feePaidThen") : t("opening.feeCharged"),
    t("opening.chargedFrom", {
      month: MONTH.test(v.firstChargedMonth) ? formatMonth(v.firstChargedMonth) : "…",
    }),
  ];
  if (v.direction !== "none" && amount)
    parts.push(
      t(v.direction === "owed" ? "opening.owed" : "opening.inCredit", { amount: formatMoney(amount) }),
    );
  return t("opening.summaryEnd", { parts: parts.join(", ") });
}

function OpeningForm({
  member,
  opening,
  onClose,
}: {
  member: { id: number; name: string };
  opening: DuesOpening;
  onClose: () => void;
}) {
  const t = useT(treasurerMessages);
  const maxDate = today();
  const maxMonth = thisMonth();
  const form = useForm<Values>({ initialValues: initialValues(opening, maxMonth) });
  const save = trpc.dues.setOpening.useMutation({
    onSuccess: useDuesSaved(
      () => t("opening.saved", { name: member.name }),
      () => ({ entity: "duesOpening", entityId: member.id, action: "dues.setOpening" }),
      onClose,
    ),
  });
  const v = form.values;
  const amount = numberInputValue(v.amount);
  const dateOk = DATE.test(v.memberSince) && v.memberSince <= maxDate;
  const monthOk = MONTH.test(v.firstChargedMonth) && v.firstChargedMonth <= maxMonth;
  const orderOk = !dateOk || !monthOk || v.firstChargedMonth >= v.memberSince.slice(0, 7);
  const amountOk = v.direction === "none" || (amount !== null && amount > 0 && amount <= 100_000);
  const balance = v.direction === "none" || amount === null ? 0 : v.direction === "owed" ? amount : -amount;

  return (
    <FormDialog
      title={t("opening.title", { name: member.name })}
      onClose={onClose}
      submitLabel={t("opening.submit")}
      onSubmit={form.onSubmit(() => {
        const input: OpeningInput = {
          memberId: member.id,
          memberSince: v.memberSince,
          joiningFeePaid: v.joiningFeePaid,
          firstChargedMonth: v.firstChargedMonth,
          openingBalance: balance,
          note: v.note.trim(),
        };
        save.mutate(input);
      })}
      errors={[save.isError && save.error.message]}
      canSubmit={dateOk && monthOk && orderOk && amountOk}
      submitting={save.isPending}
    >
      <Text size="sm" c="dimmed">
        {t("opening.intro")}
      </Text>
      <TextInput
        type="date"
        label={t("opening.memberSince")}
        required
        max={maxDate}
        data-autofocus
        description={t("opening.memberSinceHint", { months: clubSettings().waiverMinMembershipMonths })}
        error={dateOk ? undefined : t("opening.future")}
        {...form.getInputProps("memberSince")}
      />
      <Checkbox
        label={t("opening.feePaid")}
        {...form.getInputProps("joiningFeePaid", { type: "checkbox" })}
      />
      <TextInput
        type="month"
        label={t("opening.firstMonth")}
        required
        placeholder={t("opening.monthPlaceholder")}
        max={maxMonth}
        description={t("opening.firstMonthHint")}
        error={!monthOk ? t("opening.monthFormat") : !orderOk ? t("opening.beforeMember") : undefined}
        {...form.getInputProps("firstChargedMonth")}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500} id="opening-balance-label">
          {t("opening.balance")}
        </Text>
        <SegmentedControl
          aria-labelledby="opening-balance-label"
          fullWidth
          data={[
            { value: "none", label: t("opening.nothing") },
            { value: "owed", label: t("opening.owes") },
            { value: "credit", label: t("opening.credit") },
          ]}
          {...form.getInputProps("direction")}
        />
        {v.direction !== "none" ? (
          <NumberInput
            label={v.direction === "owed" ? t("opening.amountOwed") : t("opening.amountCredit")}
            required
            prefix={currencyPrefix()}
            min={0.01}
            max={100_000}
            decimalScale={2}
            thousandSeparator=","
            hideControls
            inputMode="decimal"
            error={
              amountOk
                ? undefined
                : t("opening.amountRange", {
                    min: formatMoney(0.01),
                    max: formatMoney(100_000, { short: true }),
                  })
            }
            {...form.getInputProps("amount")}
          />
        ) : null}
      </Stack>
      <Textarea
        label={t("opening.note")}
        autosize
        minRows={2}
        maxLength={500}
        {...form.getInputProps("note")}
      />
      <Text size="sm" fw={600} aria-live="polite">
        {summary(v, amount, t)}
      </Text>
    </FormDialog>
  );
}

/**
 * The opening of a member's ledger (Treasurer screen and the admins' Members list): member since,
 * joining fee paid, first charged month, a balance brought forward. Undo from the toast sets the
 * previous opening back.
 */
export default function OpeningDialog({
  member,
  onClose,
}: {
  member: { id: number; name: string };
  onClose: () => void;
}) {
  const statement = trpc.dues.member.useQuery({ memberId: member.id });
  const t = useT(treasurerMessages);
  if (statement.isPending || statement.isError)
    return (
      <FormDialog
        title={t("opening.title", { name: member.name })}
        onClose={onClose}
        onSubmit={() => undefined}
        errors={[]}
        canSubmit={false}
        submitting={false}
        submitLabel={t("opening.submit")}
      >
        {statement.isPending ? (
          <PageLoader py={16} />
        ) : (
          <ErrorAlert message={t("opening.failed")} error={statement.error} />
        )}
      </FormDialog>
    );
  return <OpeningForm member={member} opening={statement.data.opening} onClose={onClose} />;
}
