import { Suspense, type ReactNode } from "react";

/**
 * A part whose code loads on first use (a lazy dialog, a form): shown while `when` holds, and
 * nothing at all until its code has arrived.
 */
export function Later({ when, children }: { when: boolean; children: ReactNode }) {
  return when ? <Suspense fallback={null}>{children}</Suspense> : null;
}
