import { lazy, useState } from "react";
import { Button } from "@mantine/core";
import { Later } from "../../components/Later";

// The dialog (Modal, CopyButton) loads on the first tap, not with Home's first screen.
const SubscribeDialog = lazy(() => import("./SubscribeDialog"));

/** "Subscribe to the calendar": opens the dialog with the webcal:// and .ics links. */
export function CalendarSubscribe() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        Subscribe to the calendar
      </Button>
      <Later when={open}>
        <SubscribeDialog onClose={() => setOpen(false)} />
      </Later>
    </>
  );
}
