import { Anchor, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { Link } from "react-router-dom";
import { searchTextProblem } from "@club/shared";
import { useT } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { libraryMessages } from "./libraryMessages";

/**
 * "Did you mean ...?" under a new bottle's name: the closest existing bottles (GET
 * /api/Bottles/Similar), asked for once typing pauses, so a duplicate is caught before it is created.
 */
export function DidYouMean({ name }: { name: string }) {
  const t = useT(libraryMessages);
  const [settled] = useDebouncedValue(name.trim(), 300);
  const similar = trpc.search.similar.useQuery(
    { name: settled },
    // A name the search would refuse (over 12 words) asks nothing: it is a hint, not a check.
    { enabled: settled.length >= 3 && searchTextProblem(settled) === null, staleTime: 30_000, retry: false },
  );
  const bottles = settled.length >= 3 ? (similar.data ?? []) : [];
  if (bottles.length === 0) return null;
  return (
    <div role="status" aria-label={t("similar")}>
      <Text size="sm" fw={600}>
        {t("similar.title")}
      </Text>
      <ul style={{ margin: "4px 0 0", paddingLeft: 20 }}>
        {bottles.map((bottle) => (
          <li key={bottle.id}>
            <Anchor component={Link} to={`/bottle/${bottle.id}`} size="sm" display="inline-block" py={8}>
              {bottle.name}
            </Anchor>
            <Text span size="sm" c="dimmed">
              {" "}
              {t("similar.brand", { brand: bottle.brand || t("na") })}
            </Text>
          </li>
        ))}
      </ul>
      <Text size="xs" c="dimmed" mt={4}>
        {t("similar.carryOn")}
      </Text>
    </div>
  );
}
