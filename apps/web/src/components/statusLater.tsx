import { lazy, Suspense, type ComponentProps } from "react";

/*
 * The red alerts of the first screen, loaded when one is shown: the home page rarely fails, and
 * Mantine's Alert is ~3 KB of its 150 KB budget (apps/e2e/src/bundle-budget.test.ts).
 */
const LazyLoadError = lazy(() => import("./status").then((m) => ({ default: m.LoadError })));
const LazyErrorAlert = lazy(() => import("./status").then((m) => ({ default: m.ErrorAlert })));

/** status.tsx's LoadError, loaded on first use. */
export function LoadErrorLater(props: ComponentProps<typeof LazyLoadError>) {
  return (
    <Suspense fallback={null}>
      <LazyLoadError {...props} />
    </Suspense>
  );
}

/** status.tsx's ErrorAlert, loaded on first use. */
export function ErrorAlertLater(props: ComponentProps<typeof LazyErrorAlert>) {
  return (
    <Suspense fallback={null}>
      <LazyErrorAlert {...props} />
    </Suspense>
  );
}
