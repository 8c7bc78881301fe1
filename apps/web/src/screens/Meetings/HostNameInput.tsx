import { Autocomplete, type AutocompleteProps } from "@mantine/core";
import "../../styles/combobox";
import { trpc } from "../../lib/trpc";

/**
 * A meeting's host (Add Meeting, Edit Meeting): a member picked from the list runs the night (the
 * flight, the phases, the reveal); a name that is no member's stays possible for a guest host.
 * The server makes the member whose full name it is the host.
 */
export function HostNameInput(props: Omit<AutocompleteProps, "data" | "label">) {
  const candidates = trpc.night.hostCandidates.useQuery(undefined, { staleTime: 60_000 });
  const names = [...new Set((candidates.data ?? []).map((m) => `${m.firstName} ${m.lastName}`.trim()))];
  return (
    <Autocomplete
      label="Host name"
      description="Pick a member: they run the night. Or type the name of a guest host."
      required
      data={names}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
