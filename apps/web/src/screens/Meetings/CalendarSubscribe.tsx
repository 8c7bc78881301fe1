import { lazy, useState } from "react";
import { Button } from "@mantine/core";
import { Later } from "../../components/Later";
import { defineMessages, useT } from "../../lib/i18n";
import home from "../../locales/en/home.json";

const homeMessages = defineMessages("home", home);

// The dialog (Modal, CopyButton) loads on the first tap, not with Home's first screen.
const SubscribeDialog = lazy(() => import("./SubscribeDialog"));

/** "Subscribe to the calendar": opens the dialog with the webcal:// and .ics links. */
export function CalendarSubscribe() {
  const t = useT(homeMessages);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        {t("subscribe")}
      </Button>
      <Later when={open}>
        <SubscribeDialog onClose={() => setOpen(false)} />
      </Later>
    </>
  );
}
