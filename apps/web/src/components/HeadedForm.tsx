import { useId, type ReactNode } from "react";
import { Stack, Title } from "@mantine/core";

/**
 * A second form inside a dialog (copy a past flight, add a guest without a phone): a small
 * heading that is the form's accessible name, then its fields. Submit never reloads the page.
 */
export function HeadedForm({
  title,
  onSubmit,
  children,
}: {
  title: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Stack
      gap="xs"
      component="form"
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Title order={3} size="h5" id={titleId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
