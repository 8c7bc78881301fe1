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

/**
 * On the Members screen (admins): the whole club as one JSON file, and a restore from such a file
 * that replaces everything, after the admin types REPLACE. A restore ends this session: the
 * accounts are the file's now.
 */
export function ClubDataCard() {
  const [file, setFile] = useState<File | null>(null);
  const [confirm, setConfirm] = useState("");
  const download = useMutation({ mutationFn: downloadClubExport });
  const restore = useMutation({
    mutationFn: restoreClub,
    onSuccess: () => {
      notify("The club was restored from the file. Log in with an account from it.");
      appSession.clear();
    },
  });

  return (
    <SectionCard
      id="club-data-heading"
      title="Club data"
      description="The whole club in one JSON file: members (with their password hashes: keep it safe), bottles, purchases, meetings, scores, dues and the activity log. Photos are not in it; backups keep them."
    >
      <Group>
        <Button variant="default" loading={download.isPending} onClick={() => download.mutate()}>
          Export the whole club (JSON)
        </Button>
      </Group>
      {download.isError ? <ErrorAlert message="The export failed." error={download.error} /> : null}
      <OnceForm
        onSubmit={(event) => {
          event.preventDefault();
          if (file && confirm === CLUB_IMPORT_CONFIRMATION) restore.mutate(file);
        }}
      >
        <Stack gap="sm">
          <Alert color="orange" variant="light" title="Restore replaces everything">
            Every member, bottle, meeting and score of this club is replaced by the file&apos;s, and everyone
            logs in again with an account from the file.
          </Alert>
          <FileInput
            clearable
            clearButtonProps={{ "aria-label": "Clear the file" }}
            label="Club export file"
            placeholder="Choose a .json export"
            accept=".json,application/json"
            value={file}
            onChange={setFile}
          />
          <TextInput
            label="Type REPLACE to confirm"
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
              Restore the club from the file
            </Button>
          </Group>
          {restore.isError ? <ErrorAlert message="Nothing was restored." error={restore.error} /> : null}
        </Stack>
      </OnceForm>
    </SectionCard>
  );
}
