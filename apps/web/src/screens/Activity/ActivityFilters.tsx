import { NativeSelect, SimpleGrid } from "@mantine/core";
import "../../styles/nativeSelect";
import { useT } from "../../lib/i18n";
import { activityMessages, type ActivityKey } from "./activityMessages";

/** The kinds of entity a member can filter the log by (the log's `entity`). */
export const ENTITY_KINDS = [
  "meeting",
  "meetingBottle",
  "bottle",
  "instance",
  "comment",
  "theme",
  "image",
  "member",
  "invite",
  "rsvp",
  "score",
  "duesEntry",
  "import",
  "backup",
  "duesOpening",
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
  const t = useT(activityMessages);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mb="md" maw={560}>
      <NativeSelect
        label={t("filter.member")}
        value={value.memberId}
        onChange={(event) => onChange({ ...value, memberId: event.currentTarget.value })}
        data={[
          { value: "", label: t("filter.everyone") },
          ...members.map((member) => ({ value: String(member.id), label: member.name })),
        ]}
        size="md"
      />
      <NativeSelect
        label={t("filter.kind")}
        value={value.entity}
        onChange={(event) => onChange({ ...value, entity: event.currentTarget.value })}
        data={[
          { value: "", label: t("filter.everything") },
          ...ENTITY_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}` as ActivityKey) })),
        ]}
        size="md"
      />
    </SimpleGrid>
  );
}
