import { Fragment, type ReactNode } from "react";
import { Anchor, Group } from "@mantine/core";
import type { BottleDetail } from "@club/shared";
import { ExternalIcon } from "../../components/icons";
import { formatAbv, orNA } from "../../lib/format";
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
  if (!href) return <>N/A</>;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: "anywhere" }}>
      <Group gap={4} wrap="nowrap" component="span" display="inline-flex">
        Store link
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
export function bottleFacts(bottle: BottleDetail, withName: boolean): Fact[] {
  const numeric = (text: string) => <span className={classes.numeric}>{text}</span>;
  const facts: Fact[] = [
    { key: "brand", term: "Brand", noun: "Brand", value: orNA(bottle.brand) },
    { key: "drinkType", term: "Type", noun: "Type", value: orNA(bottle.drinkType) },
    { key: "country", term: "Country", noun: "Country", value: orNA(bottle.country) },
    { key: "state", term: "State", noun: "State", value: orNA(bottle.state) },
    { key: "abv", term: "ABV", noun: "ABV", value: numeric(formatAbv(bottle.abv)) },
    { key: "sizeMl", term: "Size", noun: "Size", value: numeric(`${bottle.sizeMl} ml`) },
    { key: "storeLink", term: "Store", noun: "Store link", value: <StoreLink href={bottle.storeLink} /> },
  ];
  if (!withName) return facts;
  return [
    { key: "name", term: "Name", noun: "Name", value: bottle.name },
    ...facts,
    { key: "barcode", term: "Barcode", noun: "Barcode", value: numeric(orNA(bottle.barcode)) },
  ];
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
  return (
    <dl className={classes.facts}>
      {bottleFacts(bottle, withName).map((fact) => (
        <Fragment key={fact.key}>
          <dt>{fact.term}</dt>
          <dd>{renderValue ? renderValue(fact) : fact.value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
