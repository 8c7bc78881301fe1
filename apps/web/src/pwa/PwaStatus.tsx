import { useEffect, useSyncExternalStore } from "react";
import { Button } from "@mantine/core";
import { registerServiceWorker } from "./register";
import { pwaState } from "./status";
import { PwaTexts } from "./texts";
import classes from "./PwaStatus.module.css";

let registered = false;

/** The offline notice and the "new version" banner, at the bottom of every screen. */
export function PwaStatus() {
  const state = useSyncExternalStore(pwaState.subscribe, pwaState.get);

  useEffect(() => {
    if (registered) return;
    registered = true;
    registerServiceWorker();
  }, []);

  if (!state.offline && !state.updateReady) return null;
  return (
    <div className={classes.stack}>
      {state.updateReady ? (
        <div className={classes.bar} role="alert">
          <span>{PwaTexts.updateReady}</span>
          <Button size="xs" h={40} onClick={pwaState.reload}>
            {PwaTexts.reload}
          </Button>
        </div>
      ) : null}
      {state.offline ? (
        <div className={classes.bar} data-kind="offline" role="status">
          <strong>{PwaTexts.offline}</strong>
          <span>{PwaTexts.offlineWrites}</span>
        </div>
      ) : null}
    </div>
  );
}
