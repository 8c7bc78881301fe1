import { useId, useState, type KeyboardEvent } from "react";
import { Modal, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useNavigate } from "react-router-dom";
import "../../styles/modal";
import { formatDate, orNA } from "../../lib/format";
import { searchTextProblem } from "@club/shared";
import { trpc } from "../../lib/trpc";
import classes from "./ClubSearch.module.css";
import { useReturnFocus } from "../../lib/returnFocus";
import { useT } from "../../lib/i18n";
import { commonMessages } from "../commonMessages";
import { validationText } from "../../lib/validationText";

interface Hit {
  key: string;
  group: "Bottles" | "Meetings" | "Themes";
  label: string;
  detail: string;
  to: string;
}

/**
 * The navigation bar's search (GET /api/Search): bottles, meetings and themes as you type. Arrow
 * keys move through the results, Enter opens one, Escape closes. A combobox over a listbox, so a
 * screen reader hears the active result.
 */
export default function ClubSearchDialog({ onClose }: { onClose: () => void }) {
  useReturnFocus();
  const t = useT(commonMessages);
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState("");
  // A search the server would refuse (too long, too many words) is said under the box, not sent.
  const problem = searchTextProblem(text);
  const [q] = useDebouncedValue(problem === null ? text.trim() : "", 200);
  const [active, setActive] = useState(0);
  const found = trpc.search.everything.useQuery(
    { q },
    { enabled: q.length > 0, placeholderData: (previous) => previous },
  );
  const data = q ? found.data : undefined;
  const hits: Hit[] = [
    ...(data?.bottles ?? []).map((b) => ({
      key: `b${b.id}`,
      group: "Bottles" as const,
      label: b.name,
      detail: orNA(b.brand),
      to: `/bottle/${b.id}`,
    })),
    ...(data?.meetings ?? []).map((m) => ({
      key: `m${m.id}`,
      group: "Meetings" as const,
      label: m.theme,
      detail: t("search.meetingDetail", { date: formatDate(m.date), host: m.hostName }),
      to: `/monthlymeeting/${m.id}`,
    })),
    ...(data?.themes ?? []).map((theme) => ({
      key: `t${theme.id}`,
      group: "Themes" as const,
      label: theme.description,
      detail: t("search.themeIdea"),
      to: "/theme-ideas",
    })),
  ];
  const current = Math.min(active, Math.max(hits.length - 1, 0));

  const open = (hit: Hit | undefined) => {
    if (!hit) return;
    onClose();
    void navigate(hit.to);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (hits.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current + step + hits.length) % hits.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      open(hits[current]);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t("search.title")} size="lg" yOffset="10vh">
      <TextInput
        data-autofocus
        type="search"
        role="combobox"
        aria-label={t("search.field")}
        aria-expanded={hits.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={hits.length > 0 ? `${listId}-${current}` : undefined}
        placeholder={t("search.placeholder")}
        value={text}
        error={problem === null ? null : validationText(problem)}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label={t("search.results")} className={classes.list}>
        {hits.map((hit, index) => (
          <li
            key={hit.key}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === current}
            className={classes.option}
            onMouseEnter={() => setActive(index)}
            onClick={() => open(hit)}
          >
            {index === 0 || hits[index - 1]!.group !== hit.group ? (
              <span className={classes.group}>{t(`search.group.${hit.group}`)}</span>
            ) : null}
            <span className={classes.label}>{hit.label}</span>
            <span className={classes.detail}>{hit.detail}</span>
          </li>
        ))}
      </ul>
      {q && data && hits.length === 0 ? (
        <Text size="sm" c="dimmed" mt="md">
          {t("search.nothingFound", { q })}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed" mt="md">
        {t("search.keys")}
      </Text>
    </Modal>
  );
}
