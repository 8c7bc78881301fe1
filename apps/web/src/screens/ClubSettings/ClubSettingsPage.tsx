import { Checkbox, NumberInput, Select, Text, TextInput } from "@mantine/core";
import "@mantine/core/styles/Checkbox.css";
import "../../styles/combobox";
import "../../styles/numberInput";
import { useForm } from "@mantine/form";
import { formatMoney as formatAmount, type ClubSettings } from "@club/shared";
import { FormCard } from "../../components/FormCard";
import { LogInPrompt } from "../../components/LogInPrompt";
import { Loaded } from "../../components/status";
import { PageHeader } from "../../components/PageHeader";
import { useSession } from "../../lib/appSession";
import { useTitle } from "../../lib/useTitle";
import { failure } from "../../lib/errors";
import { numberInputValue } from "../../lib/format";
import { appLocale } from "../../lib/locale";
import { formatMonth, thisMonth } from "../../lib/money";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { addMonthsTo, clubSettingsText, WEEKDAY_CHOICES, WEEK_CHOICES } from "./clubSettingsText";

interface Values {
  name: string;
  currency: string;
  monthlyDues: number | string;
  joiningFee: number | string;
  duesFromMonth: string;
  waiverMaxMonths: number | string;
  waiverMinMembershipMonths: number | string;
  meetingWeekday: string;
  meetingWeekOfMonth: string;
  meetingTime: string;
  twoFactorRequired: boolean;
}

const valuesOf = (s: ClubSettings, from: string): Values => {
  // What the form shows for the dues: the change already set from a later month, if any.
  const upcoming = s.upcomingDues.at(-1);
  return {
    name: s.name,
    currency: s.currency,
    monthlyDues: upcoming?.monthlyDues ?? s.monthlyDues,
    joiningFee: upcoming?.joiningFee ?? s.joiningFee,
    duesFromMonth: upcoming?.fromMonth ?? from,
    waiverMaxMonths: s.waiverMaxMonths,
    waiverMinMembershipMonths: s.waiverMinMembershipMonths,
    meetingWeekday: String(s.meetingWeekday),
    meetingWeekOfMonth: String(s.meetingWeekOfMonth),
    meetingTime: s.meetingTime,
    twoFactorRequired: s.twoFactorRequired,
  };
};

function SettingsForm({ settings }: { settings: ClubSettings }) {
  const utils = trpc.useUtils();
  const month = thisMonth();
  const months = Array.from({ length: 13 }, (_, i) => addMonthsTo(month, i));
  const form = useForm<Values>({ initialValues: valuesOf(settings, month) });
  const save = trpc.club.updateSettings.useMutation({
    onSuccess: (saved) => {
      utils.club.settings.setData(undefined, saved);
      form.setValues(valuesOf(saved, month));
      notify("Club settings saved.");
    },
  });
  const v = form.values;
  const monthlyDues = numberInputValue(v.monthlyDues);
  const joiningFee = numberInputValue(v.joiningFee);
  const waiverMaxMonths = numberInputValue(v.waiverMaxMonths);
  const waiverMinMembershipMonths = numberInputValue(v.waiverMinMembershipMonths);
  const currency = v.currency.trim().toUpperCase();
  const example = (amount: number | null) => {
    try {
      return formatAmount(amount ?? 0, { currency, locale: appLocale() });
    } catch {
      return null;
    }
  };
  const canSubmit =
    v.name.trim() !== "" &&
    /^[A-Za-z]{3}$/.test(v.currency.trim()) &&
    monthlyDues !== null &&
    joiningFee !== null &&
    waiverMaxMonths !== null &&
    waiverMinMembershipMonths !== null &&
    /^\d{2}:\d{2}$/.test(v.meetingTime);

  return (
    <FormCard
      title="The club"
      submitLabel="Save settings"
      submitting={save.isPending}
      canSubmit={canSubmit}
      errors={[failure("The settings were not saved.", save.error)]}
      onSubmit={form.onSubmit((values) => {
        if (!canSubmit) return;
        save.mutate({
          name: values.name.trim(),
          currency,
          monthlyDues,
          joiningFee,
          duesFromMonth: values.duesFromMonth,
          waiverMaxMonths,
          waiverMinMembershipMonths,
          meetingWeekday: Number(values.meetingWeekday),
          meetingWeekOfMonth: Number(values.meetingWeekOfMonth),
          meetingTime: values.meetingTime,
          twoFactorRequired: values.twoFactorRequired,
        });
      })}
    >
      <TextInput label="Club name" required maxLength={80} {...form.getInputProps("name")} />
      <TextInput
        label="Currency"
        description={`ISO 4217, such as USD, EUR, SEK or JPY. ${example(1234.5) ?? ""}`}
        required
        maxLength={3}
        autoCapitalize="characters"
        {...form.getInputProps("currency")}
      />
      <NumberInput
        label="Monthly dues"
        required
        min={0}
        decimalScale={2}
        hideControls
        inputMode="decimal"
        {...form.getInputProps("monthlyDues")}
      />
      <NumberInput
        label="Joining fee"
        required
        min={0}
        decimalScale={2}
        hideControls
        inputMode="decimal"
        {...form.getInputProps("joiningFee")}
      />
      <Text size="sm" c="dimmed">
        First payment: {example((joiningFee ?? 0) + (monthlyDues ?? 0))} (the joining fee and the first
        month).
      </Text>
      <Select
        label="The dues apply from"
        description="Charges already on the ledger keep their amounts."
        required
        allowDeselect={false}
        data={months.map((m) => ({ value: m, label: formatMonth(m) }))}
        {...form.getInputProps("duesFromMonth")}
      />
      <NumberInput
        label="Hardship waiver: at most, months"
        required
        min={1}
        max={12}
        allowDecimal={false}
        hideControls
        inputMode="numeric"
        {...form.getInputProps("waiverMaxMonths")}
      />
      <NumberInput
        label="Hardship waiver: for members of more than, months"
        required
        min={0}
        max={120}
        allowDecimal={false}
        hideControls
        inputMode="numeric"
        {...form.getInputProps("waiverMinMembershipMonths")}
      />
      <Select
        label="Meetings: which week of the month"
        required
        allowDeselect={false}
        data={WEEK_CHOICES}
        {...form.getInputProps("meetingWeekOfMonth")}
      />
      <Select
        label="Meetings: weekday"
        required
        allowDeselect={false}
        data={WEEKDAY_CHOICES}
        {...form.getInputProps("meetingWeekday")}
      />
      <TextInput type="time" label="Meetings: time" required {...form.getInputProps("meetingTime")} />
      <Text size="sm" c="dimmed">
        {clubSettingsText({
          meetingWeekday: Number(v.meetingWeekday),
          meetingWeekOfMonth: Number(v.meetingWeekOfMonth),
          meetingTime: v.meetingTime,
        })}
      </Text>
      <Checkbox
        label="Require two-factor sign-in for admins and treasurers"
        description="Until they set it up on their Account page, they may do what any member does, but not what their role adds. Turn it on for yourself first."
        {...form.getInputProps("twoFactorRequired", { type: "checkbox" })}
      />
    </FormCard>
  );
}

/** Club settings for an admin; another member reads that they are an admin's. */
function AdminClubSettings() {
  const account = trpc.account.get.useQuery();
  const settings = trpc.club.settings.useQuery();
  return (
    <Loaded query={account} failed="Failed to fetch your account.">
      {(me) =>
        me.role === "admin" ? (
          <Loaded query={settings} failed="Failed to fetch the club's settings.">
            {(s) => <SettingsForm settings={s} />}
          </Loaded>
        ) : (
          <Text>Only an admin can change the club&apos;s settings.</Text>
        )
      }
    </Loaded>
  );
}

/** /admin/club: the club's name, currency, dues, waiver and meeting rules (admins). */
export default function ClubSettingsPage() {
  useTitle("Club settings");
  const session = useSession();
  return (
    <>
      <PageHeader title="Club settings" subtitle="The club's name, money and rules." />
      {session ? (
        <AdminClubSettings />
      ) : (
        <LogInPrompt underline="always">as an admin to change the club&apos;s settings.</LogInPrompt>
      )}
    </>
  );
}
