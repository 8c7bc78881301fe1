import { NativeSelect, SimpleGrid } from "@mantine/core";
import "../../styles/nativeSelect";

/** The kinds of entity a member can filter the log by (the log's `entity`). */
export const ENTITY_KINDS = [
  { value: "meeting", label: "Meetings" },
  { value: "meetingBottle", label: "Bottles in meetings" },
  { value: "bottle", label: "Bottles" },
  { value: "instance", label: "Purchases" },
  { value: "comment", label: "Comments" },
  { value: "theme", label: "Themes" },
  { value: "image", label: "Photos" },
  { value: "member", label: "Members" },
  { value: "invite", label: "Invites" },
  { value: "rsvp", label: "RSVPs" },
  { value: "score", label: "Scores" },
  { value: "duesEntry", label: "Dues" },
  { value: "import", label: "Imports" },
  { value: "backup", label: "Backups" },
  { value: "duesOpening", label: "Dues openings" },
] as const;

export interface ActivityFilter {
  /** "" for everyone. */
  memberId: string;
  /** "" for every kind. */
  entity: string;
}

export interface MemberOption {
  id: number;
  name: string;
}

/** Native selects: on a phone they open the system's own picker. */
export function ActivityFilters({
  value,
  members,
  onChange,
}: {
  value: ActivityFilter;
  members: readonly MemberOption[];
  onChange: (next: ActivityFilter) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mb="md" maw={560}>
      <NativeSelect
        label="Member"
        value={value.memberId}
        onChange={(event) => onChange({ ...value, memberId: event.currentTarget.value })}
        data={[
          { value: "", label: "Everyone" },
          ...members.map((member) => ({ value: String(member.id), label: member.name })),
        ]}
        size="md"
      />
      <NativeSelect
        label="Kind"
        value={value.entity}
        onChange={(event) => onChange({ ...value, entity: event.currentTarget.value })}
        data={[{ value: "", label: "Everything" }, ...ENTITY_KINDS]}
        size="md"
      />
    </SimpleGrid>
  );
}
