import { useCallback, type MouseEvent } from "react";
import { useNavigate } from "react-router-dom";
import { withoutBase } from "./basePath";

/**
 * One click handler for every plain <a href="/..."> inside an element: a plain left click on a
 * same-origin link becomes a client-side navigation; a modified or middle click, target or download
 * is left to the browser (new tab, new window, save). Long tables use it instead of one
 * react-router <Link> per row: a Link is a component with several hooks, 120 of them cost more to
 * render than the rest of the screen.
 */
export function useRouterLinkClicks() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if (anchor.target || anchor.hasAttribute("download") || anchor.origin !== window.location.origin)
        return;
      event.preventDefault();
      void navigate(`${withoutBase(anchor.pathname)}${anchor.search}${anchor.hash}`);
    },
    [navigate],
  );
}
