import { useState } from "react";
import { Autocomplete, type AutocompleteProps, type ComboboxItem, type OptionsFilter } from "@mantine/core";
import "../../styles/combobox";
import { trpc } from "../../lib/trpc";
import { useT } from "../../lib/i18n";
import { meetingMessages } from "../MeetingDetails/meetingMessages";

/**
 * The members whose names hold what is typed; none once it is a member's whole name, so the list
 * closes rather than covering the theme below it.
 */
const hostFilter: OptionsFilter = ({ options, search }) => {
  const typed = search.trim().toLowerCase();
  const items = options as ComboboxItem[];
  if (items.some((o) => o.label.toLowerCase() === typed)) return [];
  return items.filter((o) => o.label.toLowerCase().includes(typed));
};

/** Every member: the field was tapped, not typed in, so its name is not a search. */
const everyHost: OptionsFilter = ({ options }) => options;

/**
 * A meeting's host (Add Meeting, Edit Meeting): a member picked from the list runs the night (the
 * flight, the phases, the reveal); a name that is no member's stays possible for a guest host.
 * The server makes the member whose full name it is the host.
 */
export function HostNameInput(props: Omit<AutocompleteProps, "data" | "label">) {
  const t = useT(meetingMessages);
  const candidates = trpc.night.hostCandidates.useQuery(undefined, { staleTime: 60_000 });
  const names = [...new Set((candidates.data ?? []).map((m) => `${m.firstName} ${m.lastName}`.trim()))];
  // A tap lists every member, also when the field holds the host's whole name (Edit Meeting):
  // another host is picked without first deleting the name. Typing filters again.
  const [browsing, setBrowsing] = useState(false);
  return (
    <Autocomplete
      label={t("form.hostName")}
      description={t("form.hostHint")}
      required
      data={names}
      comboboxProps={{ withinPortal: true }}
      // The dialog opens with this field focused: the list waits for a tap or a letter, so it never
      // covers the theme below before the person has looked at the form.
      openOnFocus={false}
      {...props}
      filter={browsing ? everyHost : hostFilter}
      onClick={(event) => {
        setBrowsing(true);
        props.onClick?.(event);
      }}
      onChange={(value) => {
        setBrowsing(false);
        props.onChange?.(value);
      }}
    />
  );
}
