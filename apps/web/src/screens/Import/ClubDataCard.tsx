import { useState } from "react";
import { Alert, Button, FileInput, Group, Stack, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { CLUB_IMPORT_CONFIRMATION } from "@club/shared";
import { ErrorAlert } from "../../components/status";
import { SectionCard } from "../../components/SectionCard";
import { appSession } from "../../lib/appSession";
import { notify } from "../../lib/notify";
import { downloadClubExport, restoreClub } from "./transferApi";
import { OnceForm } from "../../components/OnceForm";
import { useT } from "../../lib/i18n";
import { importMessages } from "./importMessages";

/**
 * On the Members screen (admins): the whole club as one JSON file, and a restore from such a file
 * that replaces everything, after the admin types REPLACE. A restore ends this session: the
 * accounts are the file's now.
 */
export function ClubDataCard() {
  const t = useT(importMessages);
  const [file, setFile] = useState<File | null>(null);
  const [confirm, setConfirm] = useState("");
  const download = useMutation({ mutationFn: downloadClubExport });
  const restore = useMutation({
    mutationFn: restoreClub,
    onSuccess: () => {
      notify(t("club.restored"));
      appSession.clear();
    },
  });

  return (
    <SectionCard id="club-data-heading" title={t("club.title")} description={t("club.description")}>
      <Group>
        <Button variant="default" loading={download.isPending} onClick={() => download.mutate()}>
          {t("club.export")}
        </Button>
      </Group>
      {download.isError ? <ErrorAlert message={t("club.exportFailed")} error={download.error} /> : null}
      <OnceForm
        onSubmit={(event) => {
          event.preventDefault();
          if (file && confirm === CLUB_IMPORT_CONFIRMATION) restore.mutate(file);
        }}
      >
        <Stack gap="sm">
          <Alert color="orange" variant="light" title={t("club.restoreTitle")}>
            {t("club.restoreWarning")}
          </Alert>
          <FileInput
            clearable
            clearButtonProps={{ "aria-label": t("club.clearFile") }}
            label={t("club.file")}
            placeholder={t("club.filePlaceholder")}
            accept=".json,application/json"
            value={file}
            onChange={setFile}
          />
          <TextInput
            label={t("club.typeToConfirm", { word: CLUB_IMPORT_CONFIRMATION })}
            autoComplete="off"
            value={confirm}
            onChange={(event) => setConfirm(event.currentTarget.value)}
          />
          <Group>
            <Button
              type="submit"
              color="red"
              disabled={!file || confirm !== CLUB_IMPORT_CONFIRMATION}
              loading={restore.isPending}
            >
              {t("club.restore")}
            </Button>
          </Group>
          {restore.isError ? <ErrorAlert message={t("club.restoreFailed")} error={restore.error} /> : null}
        </Stack>
      </OnceForm>
    </SectionCard>
  );
}
