import { useState } from "react";
import { NumberInput, Select, Switch, type SwitchProps } from "@mantine/core";
import "../../styles/combobox";
import "../../styles/numberInput";
import type { MeetingNight } from "@club/shared";
import { FormDialog } from "../../components/FormDialog";
import { numberInputValue } from "../../lib/format";
import { onSaved } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import "./nightStyles";
import { useT } from "../../lib/i18n";
import { nightMessages } from "./nightMessages";

/** One of the night's on/off settings: a switch with what it does said under it. */
function SettingSwitch({
  onChange,
  ...props
}: Omit<SwitchProps, "onChange"> & { checked: boolean; onChange: (checked: boolean) => void }) {
  return <Switch size="md" onChange={(event) => onChange(event.currentTarget.checked)} {...props} />;
}

/** Capacity, blind tasting, scoring open and the host picked from the members (host or admin). */
export default function NightSettingsDialog({
  night,
  onClose,
}: {
  night: MeetingNight;
  onClose: () => void;
}) {
  const t = useT(nightMessages);
  const candidates = trpc.night.hostCandidates.useQuery();
  const [capacity, setCapacity] = useState<number | string>(night.capacity ?? "");
  const [blind, setBlind] = useState(night.blind);
  const [scoringOpen, setScoringOpen] = useState(night.scoringOpen);
  const [guestsInClubScore, setGuestsInClubScore] = useState(night.guestsInClubScore);
  const [liveResults, setLiveResults] = useState(night.liveResults);
  const [hostId, setHostId] = useState<string | null>(
    night.hostMemberId === null ? null : String(night.hostMemberId),
  );
  const save = trpc.night.settings.useMutation({
    onSuccess: onSaved(t("settings.saved"), onClose),
  });
  const limit = numberInputValue(capacity);
  const validCapacity = limit === null || (Number.isInteger(limit) && limit >= 1 && limit <= 1000);

  return (
    <FormDialog
      title={t("settings.title")}
      onClose={onClose}
      onSubmit={() =>
        save.mutate({
          id: night.id,
          capacity: limit,
          blind,
          scoringOpen,
          hostMemberId: hostId === null ? null : Number(hostId),
          guestsInClubScore,
          liveResults,
        })
      }
      errors={[save.isError && (save.error.message || t("settings.failed"))]}
      canSubmit={validCapacity}
      submitting={save.isPending}
      submitLabel={t("settings.save")}
    >
      <NumberInput
        label={t("settings.capacity")}
        description={t("settings.capacityHint")}
        min={1}
        max={1000}
        allowDecimal={false}
        hideControls
        inputMode="numeric"
        size="md"
        value={capacity}
        onChange={setCapacity}
        error={validCapacity ? undefined : t("settings.capacityError")}
        data-autofocus
      />
      <Select
        label={t("settings.host")}
        size="md"
        description={t("settings.hostHint")}
        placeholder={candidates.isPending ? t("settings.loadingMembers") : t("settings.noMember")}
        data={(candidates.data ?? []).map((m) => ({
          value: String(m.id),
          label: `${m.firstName} ${m.lastName}`,
        }))}
        value={hostId}
        onChange={setHostId}
        searchable
        clearable
        nothingFoundMessage={t("settings.noSuchMember")}
      />
      <SettingSwitch
        label={t("settings.blind")}
        description={t("settings.blindHint")}
        checked={blind}
        onChange={setBlind}
      />
      <SettingSwitch
        label={t("settings.open")}
        description={t("settings.openHint")}
        checked={scoringOpen}
        onChange={setScoringOpen}
      />
      <SettingSwitch
        label={t("settings.live")}
        description={blind ? t("settings.liveBlind") : t("settings.liveHint")}
        checked={liveResults && !blind}
        disabled={blind}
        onChange={setLiveResults}
      />
      <SettingSwitch
        label={t("settings.guests")}
        description={t("settings.guestsHint")}
        checked={guestsInClubScore}
        onChange={setGuestsInClubScore}
      />
    </FormDialog>
  );
}
