import { Button, Group, Paper, Stack, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { UpdateAccountInputSchema, type Account } from "@club/shared";
import { NameFields } from "../../components/AuthFields";
import { ErrorAlert } from "../../components/status";
import { notify } from "../../lib/notify";
import { serverReason } from "../../lib/serverReason";
import { trpc } from "../../lib/trpc";
import { OnceForm } from "../../components/OnceForm";
import { useT } from "../../lib/i18n";
import { accountMessages } from "./accountMessages";

/** First and last name: how the member appears on comments and in the activity log. */
export function ProfileCard({ account }: { account: Account }) {
  const t = useT(accountMessages);
  const utils = trpc.useUtils();
  const form = useForm({
    initialValues: { firstName: account.firstName, lastName: account.lastName },
    validate: schemaResolver(UpdateAccountInputSchema, { sync: true }),
  });
  const update = trpc.account.update.useMutation({
    onSuccess: (saved) => {
      utils.account.get.setData(undefined, saved);
      form.resetDirty({ firstName: saved.firstName, lastName: saved.lastName });
      notify(t("profile.saved"));
    },
  });

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="profile-heading">
      <OnceForm onSubmit={form.onSubmit((values) => update.mutate(values))}>
        <Stack>
          <Title order={2} fz="lg" id="profile-heading">
            {t("profile.title")}
          </Title>
          {update.isError ? (
            <ErrorAlert message={t("profile.notSaved")}>{serverReason(update.error)}</ErrorAlert>
          ) : null}
          <NameFields firstName={form.getInputProps("firstName")} lastName={form.getInputProps("lastName")} />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              {t("profile.save")}
            </Button>
          </Group>
        </Stack>
      </OnceForm>
    </Paper>
  );
}
