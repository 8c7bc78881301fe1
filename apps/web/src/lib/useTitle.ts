import { useDocumentTitle } from "@mantine/hooks";
import { CLUB_NAME } from "@club/shared";

/** Sets the browser tab title: "<screen> · <club>". */
export function useTitle(title: string | null | undefined) {
  useDocumentTitle(title ? `${title} · ${CLUB_NAME}` : CLUB_NAME);
}
