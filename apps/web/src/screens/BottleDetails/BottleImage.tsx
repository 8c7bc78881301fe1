import { useState } from "react";
import { Center, Stack, Text } from "@mantine/core";
import { IMAGE_PREVIEW_MAX_PX } from "@club/shared";
import { ImageIcon } from "../../components/icons";
import { BOTTLE_IMAGE_SIZES, bottleImageSources } from "../../lib/bottleImage";
import classes from "./BottleDetails.module.css";
import { useT } from "../../lib/i18n";
import { bottleMessages } from "./bottleMessages";

/**
 * The bottle's photo in a square frame of at most 400 x 400 px; 'No image uploaded' when there is
 * none or it fails to load. The frame's size does not depend on the photo, so nothing moves when
 * it arrives; the photo is fitted inside it (object-fit: contain). srcset/sizes (lib/bottleImage.ts)
 * let the browser take the thumbnail when that is sharp enough for the frame on this screen, the
 * full image otherwise.
 */
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
  const t = useT(bottleMessages);
  const { src, srcSet } = bottleImageSources(bottleId, imageVersion);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (!hasImage || failedSrc === src) {
    return (
      <Center className={classes.imageFrame} data-empty>
        <Stack align="center" gap={6}>
          <ImageIcon size={36} />
          <Text c="dimmed" size="sm">
            {t("noImage")}
          </Text>
        </Stack>
      </Center>
    );
  }
  return (
    <div className={classes.imageFrame}>
      <img
        src={src}
        srcSet={srcSet}
        sizes={BOTTLE_IMAGE_SIZES}
        width={IMAGE_PREVIEW_MAX_PX}
        height={IMAGE_PREVIEW_MAX_PX}
        alt={t("photoOf", { name })}
        className={classes.image}
        decoding="async"
        fetchPriority="high"
        onError={() => {
          console.error(`Failed to load the image of bottle ${bottleId}`);
          setFailedSrc(src);
        }}
      />
    </div>
  );
}
