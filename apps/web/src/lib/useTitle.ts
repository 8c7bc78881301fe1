import { useDocumentTitle } from "@mantine/hooks";
import { clubSettings } from "./clubSettings";

/** Sets the browser tab title: "<screen> · <club>". */
export function useTitle(title: string | null | undefined) {
  const name = clubSettings().name;
  useDocumentTitle(title ? `${title} · ${name}` : name);
}
