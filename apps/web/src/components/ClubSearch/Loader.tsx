import { lazy, Suspense } from "react";

// A second step of lazy loading: the dialog's dependency list (Modal, FocusTrap, inputs...) is
// written into this chunk instead of the first screen's (the bundle budget counts every byte).
const ClubSearchDialog = lazy(() => import("./ClubSearchDialog"));

export default function ClubSearchLoader({ onClose }: { onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <ClubSearchDialog onClose={onClose} />
    </Suspense>
  );
}
