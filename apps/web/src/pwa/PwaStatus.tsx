import { useEffect, useRef, useSyncExternalStore } from "react";
import { registerServiceWorker } from "./register";
import { pwaState } from "./status";
import { useT } from "../lib/i18n";
import { commonMessages } from "../components/commonMessages";
import buttons from "../components/buttons.module.css";
import classes from "./PwaStatus.module.css";

let registered = false;

/** The offline notice and the "new version" banner, at the bottom of every screen. */
export default function PwaStatus() {
  const t = useT(commonMessages);
  const state = useSyncExternalStore(pwaState.subscribe, pwaState.get);

  useEffect(() => {
    if (registered) return;
    registered = true;
    registerServiceWorker();
  }, []);

  const stack = useRef<HTMLDivElement>(null);
  const shown = state.offline || state.updateReady;
  // The bars are fixed at the bottom: the page gets as much room below its end, so they never
  // hide its last button.
  useEffect(() => {
    const element = stack.current;
    if (!shown || !element) return;
    const fit = () => (document.body.style.paddingBottom = `${element.offsetHeight}px`);
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => {
      observer.disconnect();
      document.body.style.paddingBottom = "";
    };
  }, [shown]);

  if (!shown) return null;
  return (
    <div className={classes.stack} ref={stack} data-bottom-bar>
      {state.updateReady ? (
        <div className={classes.bar} role="alert">
          <span>{t("pwa.updateReady")}</span>
          {/* The header's plain button (buttons.module.css), not Mantine's: no new shared chunk. */}
          <button
            type="button"
            className={`${buttons.button} ${classes.reload}`}
            data-variant="filled"
            onClick={pwaState.reload}
          >
            {t("pwa.reload")}
          </button>
        </div>
      ) : null}
      {state.offline ? (
        <div className={classes.bar} data-kind="offline" role="status">
          <strong>{t("pwa.offline")}</strong>
          <span>{t("pwa.offlineWrites")}</span>
        </div>
      ) : null}
    </div>
  );
}
