import { useEffect } from "react";
import { useSession } from "./appSession";
import { rememberLanguageChoice, useChooseLanguage, useLanguage } from "./i18n";
import { trpc } from "./trpc";

/**
 * A member sees the app in their language (their account's choice, else the club's): once the app
 * runs and knows the member, it switches to it if the page came in another (a new device), and
 * keeps the choice in a cookie so the server's next pages come in it. Renders nothing.
 */
export default function LanguageSync() {
  const session = useSession();
  const language = useLanguage();
  const choose = useChooseLanguage();
  const account = trpc.account.language.useQuery(undefined, { enabled: session !== null, staleTime: 60_000 });
  const wanted = session ? account.data : undefined;

  useEffect(() => {
    if (!wanted) return;
    rememberLanguageChoice(wanted.language ?? "club");
    if (wanted.effective !== language) void choose(wanted.effective);
  }, [wanted, language, choose]);

  // A visitor again (logged out): the browser's languages decide the next pages, not the club's.
  useEffect(() => {
    if (session === null && document.cookie.includes("club_lang=club")) rememberLanguageChoice(null);
  }, [session]);

  return null;
}
