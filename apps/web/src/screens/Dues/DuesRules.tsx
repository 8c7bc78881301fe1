import { Card, List, Text, Title } from "@mantine/core";
import "@mantine/core/styles/List.css";
import type { DuesStatement } from "@club/shared";
import { formatDate, today } from "../../lib/format";
import { formatMoney, formatMonth } from "../../lib/money";
import { clubSettings } from "../../lib/clubSettings";
import { duesRuleSentences } from "../About/clubRulesText";

/**
 * Why the member owes what they owe: the About page's dues rules, word for word and from the same
 * constants, each with what it means for this member (their opening, their waiver eligibility).
 */
export function DuesRules({ statement, now = today() }: { statement: DuesStatement; now?: string }) {
  const { opening, memberSince, waiverEligibleFrom } = statement;
  const eligible = waiverEligibleFrom !== null && waiverEligibleFrom <= now;
  const RULES = duesRuleSentences(clubSettings());
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="dues-rules">
      <Title order={2} fz="h4" id="dues-rules">
        What you are charged, and why
      </Title>
      <List spacing="sm" mt="sm" size="sm">
        <List.Item>
          {RULES.monthly} They are charged on the first of each month
          {opening.firstChargedMonth ? `, from ${formatMonth(opening.firstChargedMonth)} for you` : ""}.
        </List.Item>
        <List.Item>
          {RULES.joining}{" "}
          {opening.joiningFeePaid
            ? "You paid your joining fee before the club kept its dues here, so it is not charged."
            : "It is charged once, when you join."}
        </List.Item>
        <List.Item>{RULES.firstMeeting} That is the one you came to as a visitor, before joining.</List.Item>
        {opening.recorded && opening.openingBalance !== 0 ? (
          <List.Item>
            When the club started keeping your dues here,{" "}
            {opening.openingBalance > 0
              ? `you owed ${formatMoney(opening.openingBalance)}`
              : `you had ${formatMoney(-opening.openingBalance)} in credit`}
            {opening.note ? ` (${opening.note})` : ""}.
          </List.Item>
        ) : null}
        <List.Item>
          {RULES.waiver}{" "}
          {memberSince === null || waiverEligibleFrom === null ? (
            "Ask the treasurer."
          ) : eligible ? (
            <Text span fw={600} fz="inherit">
              You have been a member since {formatDate(memberSince)}, so you qualify: ask the treasurer.
            </Text>
          ) : (
            `You have been a member since ${formatDate(memberSince)}; you qualify from ${formatDate(waiverEligibleFrom)}.`
          )}
        </List.Item>
      </List>
    </Card>
  );
}
