import "@mantine/core/styles/Progress.css";
import { useRef, useState } from "react";
import { Button, FileInput, Group, Progress, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { ErrorAlert } from "../../components/status";
import { appSession } from "../../lib/appSession";
import { scalePhoto } from "../../lib/photoScale";
import { trpc } from "../../lib/trpc";
import { IMAGE_ACCEPT, imageFileProblem } from "../../lib/uploadCheck";
import { isAbort, postWithProgress } from "../../lib/uploadProgress";
import { useUndoableSave } from "../../lib/undo";
import { formatNumber } from "../../lib/format";
import { useT } from "../../lib/i18n";
import { bottleMessages, type BottleT } from "./bottleMessages";

/** Where an upload is: the photo being scaled down, then bytes sent of the total. */
type Stage = { kind: "preparing" } | { kind: "sending"; sent: number; total: number };

const kb = (t: BottleT, bytes: number) =>
  t("kb", { n: formatNumber(Math.max(1, Math.round(bytes / 1024)), 0) });

function stageLabel(t: BottleT, stage: Stage): { percent: number; text: string } {
  if (stage.kind === "preparing") return { percent: 0, text: t("uploadPreparing") };
  const percent = stage.total > 0 ? Math.min(100, Math.round((stage.sent / stage.total) * 100)) : 0;
  const text =
    stage.total > 0
      ? t("uploadingProgress", { percent, sent: kb(t, stage.sent), total: kb(t, stage.total) })
      : t("uploading");
  return { percent, text };
}

/**
 * Members: choose an image; Upload stays disabled until a file the server would take is chosen
 * (JPEG, PNG, WebP or GIF, at most 10 MB: checked here, before any upload starts). A large photo is
 * scaled down in the browser first (lib/photoScale.ts); the upload shows its progress and can be
 * cancelled. Multipart POST, field `image`, with one refresh-and-retry on 401.
 */
export function ImageUpload({ bottleId }: { bottleId: number }) {
  const t = useT(bottleMessages);
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const problem = file ? imageFileProblem(file) : null;
  const utils = trpc.useUtils();
  const upload = useMutation({
    mutationFn: async (chosen: File) => {
      const abort = new AbortController();
      controller.current = abort;
      setStage({ kind: "preparing" });
      const photo = await scalePhoto(chosen);
      if (abort.signal.aborted) throw new DOMException("Upload cancelled", "AbortError");
      setStage({ kind: "sending", sent: 0, total: photo.size });
      const body = new FormData();
      body.append("image", photo);
      await postWithProgress(
        appSession,
        `/api/Bottles/UploadImage?bottleId=${bottleId}`,
        body,
        (sent, total) => setStage({ kind: "sending", sent, total }),
        abort.signal,
      );
    },
    onSettled: () => {
      controller.current = null;
      setStage(null);
    },
    onSuccess: useUndoableSave(
      t("uploaded"),
      { entity: "image", entityId: bottleId, action: "bottles.uploadImage" },
      () => setFile(null),
      () => utils.bottles.invalidate(),
    ),
    onError: (error) => {
      if (isAbort(error)) {
        setCancelled(true);
        upload.reset();
      } else console.error(error);
    },
  });
  const progress = upload.isPending && stage ? stageLabel(t, stage) : null;

  return (
    <Stack gap="xs">
      {upload.isError ? <ErrorAlert message={t("uploadFailed")} error={upload.error} /> : null}
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <FileInput
          label={t("imageLabel")}
          description={t("imageHint")}
          placeholder={t("imageChoose")}
          accept={IMAGE_ACCEPT}
          clearable
          value={file}
          error={problem}
          disabled={upload.isPending}
          onChange={(chosen) => {
            setFile(chosen);
            setCancelled(false);
            upload.reset();
          }}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button
          mt={42}
          disabled={!file || problem !== null}
          loading={upload.isPending}
          onClick={() => {
            if (!file || problem) return;
            setCancelled(false);
            upload.mutate(file);
          }}
        >
          {t("upload")}
        </Button>
      </Group>
      {progress ? (
        <Group gap="xs" wrap="nowrap" align="center">
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Progress.Root size="xl" aria-hidden>
              <Progress.Section value={progress.percent} animated={stage?.kind === "preparing"} striped>
                <Progress.Label>{t("percent", { value: progress.percent })}</Progress.Label>
              </Progress.Section>
            </Progress.Root>
            <Text
              size="sm"
              role="progressbar"
              aria-label={t("uploadProgress")}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress.percent}
              aria-valuetext={progress.text}
            >
              {progress.text}
            </Text>
          </Stack>
          <Button variant="default" h={40} onClick={() => controller.current?.abort()}>
            {t("cancel")}
          </Button>
        </Group>
      ) : null}
      {cancelled && !upload.isPending ? (
        <Text size="sm" c="dimmed" role="status">
          {t("uploadCancelled")}
        </Text>
      ) : null}
    </Stack>
  );
}
