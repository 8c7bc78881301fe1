import { Card, List, Text, Title } from "@mantine/core";
import "@mantine/core/styles/List.css";
import type { DuesStatement } from "@club/shared";
import { formatDate, today } from "../../lib/format";
import { formatMoney, formatMonth } from "../../lib/money";
import { clubSettings } from "../../lib/clubSettings";
import { duesRuleSentences } from "../About/clubRulesText";
import { useLanguage, useT } from "../../lib/i18n";
import { duesMessages } from "./duesMessages";

/**
 * Why the member owes what they owe: the About page's dues rules, word for word and from the same
 * constants, each with what it means for this member (their opening, their waiver eligibility).
 */
export function DuesRules({ statement, now = today() }: { statement: DuesStatement; now?: string }) {
  const { opening, memberSince, waiverEligibleFrom } = statement;
  const eligible = waiverEligibleFrom !== null && waiverEligibleFrom <= now;
  const RULES = duesRuleSentences(clubSettings(), useLanguage());
  const t = useT(duesMessages);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="dues-rules">
      <Title order={2} fz="h4" id="dues-rules">
        {t("rules.title")}
      </Title>
      <List spacing="sm" mt="sm" size="sm">
        <List.Item>
          {RULES.monthly}{" "}
          {opening.firstChargedMonth
            ? t("rules.monthlyFrom", { month: formatMonth(opening.firstChargedMonth) })
            : t("rules.monthlyCharged")}
        </List.Item>
        <List.Item>
          {RULES.joining} {opening.joiningFeePaid ? t("rules.joiningPaid") : t("rules.joiningCharged")}
        </List.Item>
        <List.Item>
          {RULES.firstMeeting} {t("rules.firstMeeting")}
        </List.Item>
        {opening.recorded && opening.openingBalance !== 0 ? (
          <List.Item>
            {t(
              opening.openingBalance > 0
                ? opening.note
                  ? "rules.openingOwedNote"
                  : "rules.openingOwed"
                : opening.note
                  ? "rules.openingCreditNote"
                  : "rules.openingCredit",
              { amount: formatMoney(Math.abs(opening.openingBalance)), note: opening.note },
            )}
          </List.Item>
        ) : null}
        <List.Item>
          {RULES.waiver}{" "}
          {memberSince === null || waiverEligibleFrom === null ? (
            t("rules.askTreasurer")
          ) : eligible ? (
            <Text span fw={600} fz="inherit">
              {t("rules.qualify", { date: formatDate(memberSince) })}
            </Text>
          ) : (
            t("rules.qualifyFrom", { date: formatDate(memberSince), from: formatDate(waiverEligibleFrom) })
          )}
        </List.Item>
      </List>
    </Card>
  );
}
