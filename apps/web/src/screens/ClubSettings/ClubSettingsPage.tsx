import { Checkbox, NumberInput, Select, Text, TextInput } from "@mantine/core";
import "@mantine/core/styles/Checkbox.css";
import "../../styles/combobox";
import "../../styles/numberInput";
import { useForm } from "@mantine/form";
import {
  formatMoney as formatAmount,
  LANGUAGE_NAMES,
  LANGUAGES,
  type ClubSettings,
  type Language,
} from "@club/shared";
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
import { useT } from "../../lib/i18n";
import {
  addMonthsTo,
  clubSettingsMessages,
  clubSettingsText,
  weekChoices,
  weekdayChoices,
} from "./clubSettingsText";

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
  language: Language;
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
    language: s.language,
  };
};

function SettingsForm({ settings }: { settings: ClubSettings }) {
  const t = useT(clubSettingsMessages);
  const utils = trpc.useUtils();
  const month = thisMonth();
  const months = Array.from({ length: 13 }, (_, i) => addMonthsTo(month, i));
  const form = useForm<Values>({ initialValues: valuesOf(settings, month) });
  const save = trpc.club.updateSettings.useMutation({
    onSuccess: (saved) => {
      utils.club.settings.setData(undefined, saved);
      // A member who follows the club's language (every member who chose none) now reads the new one.
      void utils.account.language.invalidate();
      form.setValues(valuesOf(saved, month));
      notify(t("saved"));
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
      title={t("form.title")}
      submitLabel={t("form.submit")}
      submitting={save.isPending}
      canSubmit={canSubmit}
      errors={[failure(t("form.notSaved"), save.error)]}
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
          language: values.language,
        });
      })}
    >
      <TextInput label={t("name")} required maxLength={80} {...form.getInputProps("name")} />
      <Select
        label={t("language")}
        description={t("languageHint")}
        required
        allowDeselect={false}
        data={LANGUAGES.map((tag) => ({ value: tag, label: LANGUAGE_NAMES[tag] }))}
        {...form.getInputProps("language")}
      />
      <TextInput
        label={t("currency")}
        description={t("currencyHint", { example: example(1234.5) ?? "" })}
        required
        maxLength={3}
        autoCapitalize="characters"
        {...form.getInputProps("currency")}
      />
      <NumberInput
        label={t("monthlyDues")}
        required
        min={0}
        decimalScale={2}
        hideControls
        inputMode="decimal"
        {...form.getInputProps("monthlyDues")}
      />
      <NumberInput
        label={t("joiningFee")}
        required
        min={0}
        decimalScale={2}
        hideControls
        inputMode="decimal"
        {...form.getInputProps("joiningFee")}
      />
      <Text size="sm" c="dimmed">
        {t("firstPayment", { amount: example((joiningFee ?? 0) + (monthlyDues ?? 0)) })}
      </Text>
      <Select
        label={t("duesFrom")}
        description={t("duesFromHint")}
        required
        allowDeselect={false}
        data={months.map((m) => ({ value: m, label: formatMonth(m) }))}
        {...form.getInputProps("duesFromMonth")}
      />
      <NumberInput
        label={t("waiverMax")}
        required
        min={1}
        max={12}
        allowDecimal={false}
        hideControls
        inputMode="numeric"
        {...form.getInputProps("waiverMaxMonths")}
      />
      <NumberInput
        label={t("waiverMin")}
        required
        min={0}
        max={120}
        allowDecimal={false}
        hideControls
        inputMode="numeric"
        {...form.getInputProps("waiverMinMembershipMonths")}
      />
      <Select
        label={t("week")}
        required
        allowDeselect={false}
        data={weekChoices()}
        {...form.getInputProps("meetingWeekOfMonth")}
      />
      <Select
        label={t("weekday")}
        required
        allowDeselect={false}
        data={weekdayChoices()}
        {...form.getInputProps("meetingWeekday")}
      />
      <TextInput type="time" label={t("time")} required {...form.getInputProps("meetingTime")} />
      <Text size="sm" c="dimmed">
        {clubSettingsText({
          meetingWeekday: Number(v.meetingWeekday),
          meetingWeekOfMonth: Number(v.meetingWeekOfMonth),
          meetingTime: v.meetingTime,
        })}
      </Text>
      <Checkbox
        label={t("twoFactor")}
        description={t("twoFactorHint")}
        {...form.getInputProps("twoFactorRequired", { type: "checkbox" })}
      />
    </FormCard>
  );
}

/** Club settings for an admin; another member reads that they are an admin's. */
function AdminClubSettings() {
  const account = trpc.account.get.useQuery();
  const settings = trpc.club.settings.useQuery();
  const t = useT(clubSettingsMessages);
  return (
    <Loaded query={account} failed={t("failedAccount")}>
      {(me) =>
        me.role === "admin" ? (
          <Loaded query={settings} failed={t("failedSettings")}>
            {(s) => <SettingsForm settings={s} />}
          </Loaded>
        ) : (
          <Text>{t("adminOnly")}</Text>
        )
      }
    </Loaded>
  );
}

/** /admin/club: the club's name, currency, dues, waiver and meeting rules (admins). */
export default function ClubSettingsPage() {
  const t = useT(clubSettingsMessages);
  useTitle(t("title"));
  const session = useSession();
  return (
    <>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      {session ? <AdminClubSettings /> : <LogInPrompt underline="always">{t("logIn")}</LogInPrompt>}
    </>
  );
}
