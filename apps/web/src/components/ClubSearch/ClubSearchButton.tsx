import { useState } from "react";
import { useT } from "../../lib/i18n";
import { shellMessages } from "../shellMessages";
import { SearchIcon } from "../icons";
import buttons from "../buttons.module.css";
import { Later } from "../Later";
import { lazyRoute } from "../../lib/lazyRoute";
import { useIdlePreload } from "../../lib/idle";

// The dialog, its Modal and the search call are not in the first screen's bundle (its budget leaves
// no room): they load through Loader, so that even their dependency list stays out of it, once the
// app is idle after it starts, and the first tap opens the dialog without waiting for them.
const loadLoader = () => import("./Loader");
const ClubSearchLoader = lazyRoute(loadLoader);
const preloadSearch = () =>
  Promise.all([ClubSearchLoader.preload(), loadLoader().then((m) => m.preloadDialog())]);

/** The navigation bar's search button. */
export function ClubSearchButton() {
  const t = useT(shellMessages);
  const [open, setOpen] = useState(false);
  useIdlePreload(preloadSearch);
  return (
    <>
      <button
        type="button"
        className={`${buttons.button} ${buttons.icon}`}
        onClick={() => setOpen(true)}
        aria-label={t("search")}
      >
        <SearchIcon />
      </button>
      <Later when={open}>
        <ClubSearchLoader onClose={() => setOpen(false)} />
      </Later>
    </>
  );
}
