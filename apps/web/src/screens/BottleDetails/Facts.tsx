import { Fragment, type ReactNode } from "react";
import { Anchor, Group } from "@mantine/core";
import type { BottleDetail } from "@club/shared";
import { ExternalIcon } from "../../components/icons";
import { formatAbv } from "../../lib/format";
import { useT } from "../../lib/i18n";
import { bottleMessages, type BottleT } from "./bottleMessages";
import classes from "./BottleDetails.module.css";

/** A fact of the bottle page's list: what the list calls it, and what a member's edit of it is called. */
export type FactKey =
  "name" | "brand" | "drinkType" | "country" | "state" | "abv" | "sizeMl" | "storeLink" | "barcode";

export interface Fact {
  key: FactKey;
  /** The list's term (dt). */
  term: string;
  /** The fact in an edit's words: "Edit {noun}", "{noun} updated." */
  noun: string;
  value: ReactNode;
}

function StoreLink({ href }: { href: string | null }) {
  const t = useT(bottleMessages);
  if (!href) return <>{t("na")}</>;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: "anywhere" }}>
      <Group gap={4} wrap="nowrap" component="span" display="inline-flex">
        {t("storeLink")}
        <ExternalIcon size={14} />
      </Group>
    </Anchor>
  );
}

/**
 * The facts shown to everyone (the floor's brand, type, country, state, ABV, store link; the size);
 * members' list starts with the name and ends with the barcode, which they edit there too (the
 * barcode is how a member at the shelf finds the bottle with the camera).
 */
export function bottleFacts(t: BottleT, bottle: BottleDetail, withName: boolean): Fact[] {
  const numeric = (text: string) => <span className={classes.numeric}>{text}</span>;
  const orNA = (value: string | null) => value || t("na");
  const fact = (key: FactKey, value: ReactNode): Fact => ({
    key,
    term: t(`term.${key}`),
    noun: t(`noun.${key}`),
    value,
  });
  const facts: Fact[] = [
    fact("brand", orNA(bottle.brand)),
    fact("drinkType", orNA(bottle.drinkType)),
    fact("country", orNA(bottle.country)),
    fact("state", orNA(bottle.state)),
    fact("abv", numeric(formatAbv(bottle.abv))),
    fact("sizeMl", numeric(t("size", { ml: bottle.sizeMl }))),
    fact("storeLink", <StoreLink href={bottle.storeLink} />),
  ];
  if (!withName) return facts;
  return [fact("name", bottle.name), ...facts, fact("barcode", numeric(orNA(bottle.barcode)))];
}

/** The bottle's facts as a list; a member's list shows each value with its edit (EditableFacts). */
export function Facts({
  bottle,
  withName = false,
  renderValue,
}: {
  bottle: BottleDetail;
  withName?: boolean;
  renderValue?: (fact: Fact) => ReactNode;
}) {
  const t = useT(bottleMessages);
  return (
    <dl className={classes.facts}>
      {bottleFacts(t, bottle, withName).map((fact) => (
        <Fragment key={fact.key}>
          <dt>{fact.term}</dt>
          <dd>{renderValue ? renderValue(fact) : fact.value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
