import { useState } from "react";
import { Button, FileInput, Group, Stack } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { Messages } from "@club/shared";
import { ErrorAlert } from "../../components/status";
import { authFetch } from "../../lib/appSession";
import { onSaved } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { useUndo } from "../../lib/undo";

/** Multipart POST, field `image`, through the fetch that refreshes and retries once on 401. */
async function uploadImage(bottleId: number, file: File): Promise<void> {
  const body = new FormData();
  body.append("image", file);
  const response = await authFetch(`/api/Bottles/UploadImage?bottleId=${bottleId}`, { method: "POST", body });
  if (!response.ok) throw new Error(`Upload failed with HTTP ${response.status}`);
}

/** Members: choose an image; Upload stays disabled until a file is chosen. */
export function ImageUpload({ bottleId }: { bottleId: number }) {
  const [file, setFile] = useState<File | null>(null);
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
      {upload.isError ? <ErrorAlert message={Messages.uploadImage} /> : null}
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <FileInput
          label="Bottle image"
          placeholder="Choose an image"
          accept="image/*"
          clearable
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            upload.reset();
          }}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button disabled={!file} loading={upload.isPending} onClick={() => file && upload.mutate(file)}>
          Upload
        </Button>
      </Group>
    </Stack>
  );
}
