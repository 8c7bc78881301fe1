import { lazy, Suspense, useEffect, useState } from "react";
import { SearchIcon } from "../icons";
import buttons from "../buttons.module.css";

// The dialog, its Modal and the search call load on first use: the first screen stays small.
const ClubSearchDialog = lazy(() => import("./ClubSearchDialog"));

/** Is the key press meant for a text field (then "/" is just a slash)? */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

/** The navigation bar's search button; "/" or Ctrl+K (⌘K) opens it from anywhere. */
export function ClubSearchButton() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const shortcut =
        (event.key === "/" && !typingIn(event.target)) ||
        (event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey));
      if (!shortcut || event.altKey) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return (
    <>
      <button
        type="button"
        className={`${buttons.button} ${buttons.icon}`}
        onClick={() => setOpen(true)}
        aria-label="Search the club"
        aria-haspopup="dialog"
        title="Search (/)"
      >
        <SearchIcon />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ClubSearchDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
