import { useCallback, useEffect, useMemo, useState } from "react";
import { Button, Center, Stack, Text } from "@mantine/core";
import { useSearchParams } from "react-router-dom";
import { PageHeader } from "../../components/PageHeader";
import { EmptyMessage, LoadError, PageLoader } from "../../components/status";
import { notify } from "../../lib/notify";
import { usePermissions } from "../../lib/permissions";
import { trpc } from "../../lib/trpc";
import { undoFailureMessage, type ActivityItem } from "../../lib/undo";
import { useTitle } from "../../lib/useTitle";
import { ActivityCard } from "./ActivityCard";
import { ActivityFilters, type ActivityFilter, type MemberOption } from "./ActivityFilters";
import { learnNames, type NameBook } from "./names";
import { useNameBook } from "./useNameBook";
import { LogInPrompt } from "../../components/LogInPrompt";
import { useT } from "../../lib/i18n";
import { activityMessages } from "./activityMessages";

const PAGE_SIZE = 30;

interface PageProps {
  filter: ActivityFilter;
  before: number | undefined;
  isLast: boolean;
  names: NameBook;
  undoingId: number | null;
  onUndo: (entry: ActivityItem) => void;
  onOlder: (before: number) => void;
  onSeen: (entries: readonly ActivityItem[]) => void;
}

/** One page of the log (PAGE_SIZE entries older than `before`); the last page offers "Load older". */
function ActivityPageOfEntries({
  filter,
  before,
  isLast,
  names,
  undoingId,
  onUndo,
  onOlder,
  onSeen,
}: PageProps) {
  const t = useT(activityMessages);
  const entries = trpc.activity.list.useQuery({
    memberId: filter.memberId ? Number(filter.memberId) : undefined,
    entity: filter.entity || undefined,
    before,
    limit: PAGE_SIZE,
  });
  const data = entries.data;
  useEffect(() => {
    if (data) onSeen(data);
  }, [data, onSeen]);
  const book = useMemo(() => learnNames(names, data ?? []), [names, data]);

  if (entries.isPending) return <PageLoader py={24} />;
  if (entries.isError || !data) return <LoadError message={t("failed")} />;
  if (data.length === 0 && before === undefined) return <EmptyMessage>{t("empty")}</EmptyMessage>;
  const last = data.at(-1);

  return (
    <>
      {data.map((entry) => (
        <ActivityCard
          key={entry.id}
          entry={entry}
          names={book}
          undoing={undoingId === entry.id}
          onUndo={onUndo}
        />
      ))}
      {isLast ? (
        <Center component="li" style={{ listStyle: "none" }} py="sm">
          {data.length === PAGE_SIZE && last ? (
            <Button variant="default" h={40} onClick={() => onOlder(last.id)}>
              {t("loadOlder")}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              {t("everything")}
            </Text>
          )}
        </Center>
      ) : null}
    </>
  );
}

/** The members the filter offers: the club's list for admins, else those seen in the log so far. */
function useMemberOptions(isAdmin: boolean) {
  const [seen, setSeen] = useState<ReadonlyMap<number, string>>(new Map());
  const members = trpc.members.list.useQuery(undefined, { enabled: isAdmin, staleTime: 60_000 });
  const onSeen = useCallback((entries: readonly ActivityItem[]) => {
    const fresh = entries.filter((e) => e.memberId !== null && e.member);
    setSeen((known) => {
      if (fresh.every((e) => known.has(e.memberId!))) return known;
      const next = new Map(known);
      for (const e of fresh) next.set(e.memberId!, `${e.member!.firstName} ${e.member!.lastName}`);
      return next;
    });
  }, []);
  const options: MemberOption[] = members.data
    ? members.data.map((m) => ({ id: m.id, name: `${m.firstName} ${m.lastName}` }))
    : [...seen].map(([id, name]) => ({ id, name }));
  options.sort((a, b) => a.name.localeCompare(b.name));
  return { options, onSeen };
}

/** The filter lives in the URL (?member=&kind=): Back and Forward step through filters. */
function useFilterInUrl(): [ActivityFilter, (next: ActivityFilter) => void] {
  const [params, setParams] = useSearchParams();
  const filter = { memberId: params.get("member") ?? "", entity: params.get("kind") ?? "" };
  const setFilter = (next: ActivityFilter) => {
    const query = new URLSearchParams();
    if (next.memberId) query.set("member", next.memberId);
    if (next.entity) query.set("kind", next.entity);
    setParams(query, { preventScrollReset: true });
  };
  return [filter, setFilter];
}

function ActivityLog({ isAdmin }: { isAdmin: boolean }) {
  const t = useT(activityMessages);
  const [filter, setFilter] = useFilterInUrl();
  const [pages, setPages] = useState<(number | undefined)[]>([undefined]);
  // "Load older" starts over when the filter changes, by a choice or by Back.
  const filterKey = `${filter.memberId}|${filter.entity}`;
  const [pagesFor, setPagesFor] = useState(filterKey);
  if (pagesFor !== filterKey) {
    setPagesFor(filterKey);
    setPages([undefined]);
  }
  const [undoingId, setUndoingId] = useState<number | null>(null);
  const names = useNameBook();
  const members = useMemberOptions(isAdmin);
  const undo = trpc.activity.undo.useMutation();

  const onFilter = (next: ActivityFilter) => setFilter(next);
  const onUndo = (entry: ActivityItem) => {
    setUndoingId(entry.id);
    undo.mutate(
      { id: entry.id },
      {
        onSuccess: () => {
          notify(t("undone"));
        },
        onError: (error) => notify(undoFailureMessage(error), "red"),
        onSettled: () => setUndoingId(null),
      },
    );
  };

  return (
    <>
      <ActivityFilters value={filter} members={members.options} onChange={onFilter} />
      <Stack component="ul" gap="sm" p={0} m={0} aria-label={t("listLabel")} style={{ listStyle: "none" }}>
        {pages.map((before, index) => (
          <ActivityPageOfEntries
            key={before ?? "newest"}
            filter={filter}
            before={before}
            isLast={index === pages.length - 1}
            names={names}
            undoingId={undoingId}
            onUndo={onUndo}
            onOlder={(id) => setPages((list) => [...list, id])}
            onSeen={members.onSeen}
          />
        ))}
      </Stack>
    </>
  );
}

export default function ActivityPage() {
  const t = useT(activityMessages);
  useTitle(t("title"));
  const { isMember, isAdmin } = usePermissions();
  return (
    <>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      {isMember ? <ActivityLog isAdmin={isAdmin} /> : <LogInPrompt>{t("logIn")}</LogInPrompt>}
    </>
  );
}
