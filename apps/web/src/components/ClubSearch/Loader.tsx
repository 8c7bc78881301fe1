import { Suspense } from "react";
import { lazyRoute } from "../../lib/lazyRoute";

// A second step of lazy loading: the dialog's dependency list (Modal, FocusTrap, inputs...) is
// written into this chunk instead of the first screen's (the bundle budget counts every byte).
const ClubSearchDialog = lazyRoute(() => import("./ClubSearchDialog"));

/** Loads the dialog's code (ClubSearchButton, once the app is idle). */
export const preloadDialog = ClubSearchDialog.preload;

export default function ClubSearchLoader({ onClose }: { onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <ClubSearchDialog onClose={onClose} />
    </Suspense>
  );
}
