import { lazy, Suspense, useState } from "react";
import { SearchIcon } from "../icons";
import buttons from "../buttons.module.css";

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
      {open ? (
        <Suspense fallback={null}>
          <ClubSearchLoader onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
