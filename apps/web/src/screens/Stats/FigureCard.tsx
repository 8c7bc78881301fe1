import "@mantine/core/styles/Table.css";
import type { ReactNode } from "react";
import { Card, Stack, Table, Text, Title } from "@mantine/core";
import classes from "./Stats.module.css";
import { useT } from "../../lib/i18n";
import { statsMessages } from "./statsMessages";

export interface Figures {
  columns: string[];
  rows: (string | number)[][];
}

/**
 * One chart with its text alternatives: a summary sentence (the chart's accessible name, as an
 * image) and the same figures as a table under "Show the figures".
 */
export function FigureCard({
  title,
  summary,
  figures,
  children,
}: {
  title: string;
  summary: string;
  figures: Figures;
  children: ReactNode;
}) {
  const t = useT(statsMessages);
  const empty = figures.rows.length === 0;
  return (
    <Card withBorder padding="md" component="section" aria-label={title} className={classes.card}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {empty ? (
          <Text size="sm" c="dimmed">
            {t("nothing")}
          </Text>
        ) : (
          <>
            <div role="img" aria-label={summary} className={classes.chart}>
              {children}
            </div>
            <details className={classes.details}>
              <summary>{t("showFigures")}</summary>
              <div className={classes.tableWrap}>
                <Table striped withTableBorder fz="sm" aria-label={t("figuresLabel", { title })}>
                  <Table.Thead>
                    <Table.Tr>
                      {figures.columns.map((column) => (
                        <Table.Th key={column} scope="col">
                          {column}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {figures.rows.map((row, i) => (
                      <Table.Tr key={i}>
                        {row.map((cell, j) => (
                          <Table.Td key={j}>{cell}</Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </div>
            </details>
          </>
        )}
      </Stack>
    </Card>
  );
}
