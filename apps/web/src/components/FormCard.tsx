import { Paper, Title } from "@mantine/core";
import { SubmitForm, type SubmitFormProps } from "./SubmitForm";

/** An add form on the page itself (the bottle page's purchase and comment forms), in a bordered card. */
export function FormCard({ title, ...form }: SubmitFormProps & { title?: string }) {
  return (
    <Paper withBorder p="md" radius="lg">
      <SubmitForm
        {...form}
        gap="sm"
        heading={
          title ? (
            <Title order={3} fz="md">
              {title}
            </Title>
          ) : null
        }
      />
    </Paper>
  );
}
