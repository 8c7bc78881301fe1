import { useState } from "react";
import { Button, FileInput, Group, Stack } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { Messages } from "@club/shared";
import { ErrorAlert } from "../../components/status";
import { authFetch } from "../../lib/appSession";
import { ApiError } from "../../lib/errors";
import { onSaved } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { IMAGE_ACCEPT, imageFileProblem } from "../../lib/uploadCheck";
import { useUndo } from "../../lib/undo";

/** Multipart POST, field `image`, through the fetch that refreshes and retries once on 401. */
async function uploadImage(bottleId: number, file: File): Promise<void> {
  const body = new FormData();
  body.append("image", file);
  const response = await authFetch(`/api/Bottles/UploadImage?bottleId=${bottleId}`, { method: "POST", body });
  if (!response.ok) throw ApiError.fromBody(response.status, await response.json().catch(() => null));
}

/**
 * Members: choose an image; Upload stays disabled until a file the server would take is chosen
 * (JPEG, PNG, WebP or GIF, at most 10 MB: checked here, before any upload starts).
 */
export function ImageUpload({ bottleId }: { bottleId: number }) {
  const [file, setFile] = useState<File | null>(null);
  const problem = file ? imageFileProblem(file) : null;
  const utils = trpc.useUtils();
  const undo = useUndo();
  const upload = useMutation({
    mutationFn: (chosen: File) => uploadImage(bottleId, chosen),
    onSuccess: onSaved(
      {
        notice: "Image uploaded.",
        undo: () => undo({ entity: "image", entityId: bottleId, action: "bottles.uploadImage" }),
      },
      () => setFile(null),
      () => utils.bottles.invalidate(),
    ),
    onError: (error) => console.error(error),
  });

  return (
    <Stack gap="xs">
      {upload.isError ? <ErrorAlert message={Messages.uploadImage} error={upload.error} /> : null}
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <FileInput
          label="Bottle image"
          description="JPEG, PNG, WebP or GIF, at most 10 MB"
          placeholder="Choose an image"
          accept={IMAGE_ACCEPT}
          clearable
          value={file}
          error={problem}
          onChange={(chosen) => {
            setFile(chosen);
            upload.reset();
          }}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button
          mt={42}
          disabled={!file || problem !== null}
          loading={upload.isPending}
          onClick={() => file && !problem && upload.mutate(file)}
        >
          Upload
        </Button>
      </Group>
    </Stack>
  );
}
