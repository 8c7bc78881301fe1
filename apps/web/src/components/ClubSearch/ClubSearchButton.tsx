import { lazy, useState } from "react";
import { SearchIcon } from "../icons";
import buttons from "../buttons.module.css";
import { Later } from "../Later";

// The dialog, its Modal and the search call load on first use, through Loader, so that even their
// dependency list stays out of the first screen's bundle (its budget leaves no room for a shortcut).
const ClubSearchLoader = lazy(() => import("./Loader"));

/** The navigation bar's search button. */
export function ClubSearchButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`${buttons.button} ${buttons.icon}`}
        onClick={() => setOpen(true)}
        aria-label="Search"
      >
        <SearchIcon />
      </button>
      <Later when={open}>
        <ClubSearchLoader onClose={() => setOpen(false)} />
      </Later>
    </>
  );
}
