import type { ReactNode } from "react";
import { Paper, Stack, Text, Title } from "@mantine/core";

/**
 * A titled part of a page in a bordered card (a section named by its heading): the heading, the
 * dimmed words under it that say what the part does, then its content.
 */
export function SectionCard({
  id,
  title,
  description,
  children,
}: {
  /** The heading's id: the section's accessible name. */
  id: string;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <Title order={2} fz="lg" id={id}>
      {title}
    </Title>
  );
  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby={id}>
      <Stack>
        {description ? (
          <div>
            {heading}
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </div>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Paper>
  );
}
