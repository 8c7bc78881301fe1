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
    onSuccess: onSaved("Night settings saved.", onClose),
  });
  const limit = numberInputValue(capacity);
  const validCapacity = limit === null || (Number.isInteger(limit) && limit >= 1 && limit <= 1000);

  return (
    <FormDialog
      title="Night settings"
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
      errors={[save.isError && (save.error.message || "Failed to save the night settings.")]}
      canSubmit={validCapacity}
      submitting={save.isPending}
      submitLabel="Save"
    >
      <NumberInput
        label="Capacity"
        description="Members and guests with a place; empty for no limit. Later answers join a waitlist."
        min={1}
        max={1000}
        allowDecimal={false}
        hideControls
        inputMode="numeric"
        size="md"
        value={capacity}
        onChange={setCapacity}
        error={validCapacity ? undefined : "A whole number from 1 to 1000, or empty."}
        data-autofocus
      />
      <Select
        label="Host"
        size="md"
        description="The member who runs the night: sets the flight and reveals the pours. The meeting's host everywhere."
        placeholder={candidates.isPending ? "Loading members…" : "No member linked"}
        data={(candidates.data ?? []).map((m) => ({
          value: String(m.id),
          label: `${m.firstName} ${m.lastName}`,
        }))}
        value={hostId}
        onChange={setHostId}
        searchable
        clearable
        nothingFoundMessage="No such member"
      />
      <SettingSwitch
        label="Blind tasting"
        description="Members see each pour as “Dram 1”, “Dram 2”… until you reveal it."
        checked={blind}
        onChange={setBlind}
      />
      <SettingSwitch
        label="Scoring open"
        description="Members may enter and change their scores."
        checked={scoringOpen}
        onChange={setScoringOpen}
      />
      <SettingSwitch
        label="Live results"
        description={
          blind
            ? "A blind night's results show after the reveal, pour by pour."
            : "Show the results while people are still scoring. Off, they show once you close scoring."
        }
        checked={liveResults && !blind}
        disabled={blind}
        onChange={setLiveResults}
      />
      <SettingSwitch
        label="Guests count in the club score"
        description="Guests' scores are in the night's results either way; on, they count in each bottle's club score too."
        checked={guestsInClubScore}
        onChange={setGuestsInClubScore}
      />
    </FormDialog>
  );
}
