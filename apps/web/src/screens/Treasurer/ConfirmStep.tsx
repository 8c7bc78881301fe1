import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { ErrorAlert } from "../../components/status";
import type { AskedWrite } from "./confirmQuestion";
import { useT } from "../../lib/i18n";
import { treasurerMessages } from "./treasurerMessages";

/** "This pays through March 2030. Record it anyway?": the treasurer goes back or records it. */
export function ConfirmStep({
  question,
  confirmLabel,
  pending,
  error,
}: {
  question: AskedWrite;
  confirmLabel: string;
  pending: boolean;
  /** A failure of the confirmed call. */
  error?: string | false | null;
}) {
  const t = useT(treasurerMessages);
  return (
    <Stack>
      {error ? <ErrorAlert message={error} /> : null}
      <Alert color="yellow" variant="light" role="alert" title={t("confirm.title")}>
        <Text size="sm">{question.text}</Text>
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" h={40} onClick={question.back} data-autofocus>
          {t("confirm.back")}
        </Button>
        <Button h={40} onClick={question.confirm} loading={pending}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}
