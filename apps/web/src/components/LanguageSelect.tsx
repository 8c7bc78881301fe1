import { useId } from "react";
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, type Language } from "@club/shared";
import { useSession } from "../lib/appSession";
import { rememberLanguageChoice, useChooseLanguage, useLanguage, useT } from "../lib/i18n";
import { trpc } from "../lib/trpc";
import { shellMessages } from "./shellMessages";
import classes from "./AppLayout.module.css";

/**
 * The language switcher: a member's in the account menu (saved to their account, PUT
 * /api/Account/Language, so every device and every email follows), a visitor's in the footer
 * (kept on this device). A plain <select>: the phone's own picker, no menu code on the first screen.
 */
export function LanguageSelect({ member }: { member: boolean }) {
  const language = useLanguage();
  const choose = useChooseLanguage();
  const t = useT(shellMessages);
  const id = useId();
  const utils = trpc.useUtils();
  const save = trpc.account.setLanguage.useMutation({
    onSuccess: (saved) => utils.account.language.setData(undefined, saved),
  });
  const onChange = async (value: string) => {
    if (!isLanguage(value)) return;
    if (member) await save.mutateAsync({ language: value });
    rememberLanguageChoice(value);
    await choose(value);
  };
  return (
    <div className={classes.language}>
      <label htmlFor={id} className={classes.languageLabel}>
        {t("language")}
      </label>
      <select
        id={id}
        className={classes.languageSelect}
        value={language}
        disabled={save.isPending}
        onChange={(event) => void onChange(event.currentTarget.value)}
      >
        {LANGUAGES.map((tag: Language) => (
          <option key={tag} value={tag} lang={tag}>
            {LANGUAGE_NAMES[tag]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The footer of every screen: a visitor's language switcher (a member's is in the account menu). */
export function AppFooter() {
  const session = useSession();
  return <footer className={classes.footer}>{session ? null : <LanguageSelect member={false} />}</footer>;
}
