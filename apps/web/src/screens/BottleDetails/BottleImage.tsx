import { useState } from "react";
import { Center, Stack, Text } from "@mantine/core";
import { IMAGE_PREVIEW_MAX_PX, Messages } from "@club/shared";
import { ImageIcon } from "../../components/icons";
import classes from "./BottleDetails.module.css";

/** The bottle's photo, at most 400 x 400 px; 'No image uploaded' when there is none or it fails to load. */
export function BottleImage({
  bottleId,
  name,
  hasImage,
  imageVersion,
}: {
  bottleId: number;
  name: string;
  hasImage: boolean;
  imageVersion: string | null;
}) {
  const src = `/api/Bottles/${bottleId}/Image?v=${encodeURIComponent(imageVersion ?? "0")}`;
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (!hasImage || failedSrc === src) {
    return (
      <Center className={classes.imageFrame} data-empty>
        <Stack align="center" gap={6}>
          <ImageIcon size={36} />
          <Text c="dimmed" size="sm">
            {Messages.noImage}
          </Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Center className={classes.imageFrame}>
      <img
        src={src}
        alt={`Photo of ${name}`}
        className={classes.image}
        style={{ maxWidth: IMAGE_PREVIEW_MAX_PX, maxHeight: IMAGE_PREVIEW_MAX_PX }}
        onError={() => {
          console.error(`Failed to load the image of bottle ${bottleId}`);
          setFailedSrc(src);
        }}
      />
    </Center>
  );
}
