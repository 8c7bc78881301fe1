import type { ComponentType, ReactNode } from "react";
import { useSession } from "../lib/appSession";
import { TitledPageHeader } from "./LoadedPage";

/**
 * A page whose screen is a member's (the tasting journal, the backups), kept at its address for a
 * visitor: anyone gets its tab title and header (`title`, `subtitle`); a member then gets `Screen`,
 * which makes its reads, and a visitor `logIn` (a LogInPrompt saying what for) instead.
 * memberPage sends a visitor to /login instead.
 */
export function signedInPage(
  { title, subtitle }: { title: string; subtitle: ReactNode },
  logIn: ReactNode,
  Screen: ComponentType,
) {
  return function SignedInPage() {
    const session = useSession();
    return (
      <>
        <TitledPageHeader title={title} subtitle={subtitle} />
        {session ? <Screen /> : logIn}
      </>
    );
  };
}
