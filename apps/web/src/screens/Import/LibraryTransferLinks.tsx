import { Button, Group } from "@mantine/core";
import { Link } from "react-router-dom";
import { useSession } from "../../lib/appSession";
import touch from "../../styles/touchTargets.module.css";
import { withBase } from "../../lib/basePath";
import { useT } from "../../lib/i18n";
import { importMessages } from "./importMessages";

/**
 * Under the library: the library and its purchases as CSV (anyone: the library is public), and
 * the way to the CSV import (members). Plain links: the browser downloads the files itself.
 */
export function LibraryTransferLinks() {
  const t = useT(importMessages);
  const session = useSession();
  return (
    <Group gap="sm" mt="lg" aria-label={t("links.label")} role="group" className={touch.touch}>
      <Button component="a" href={withBase("/api/Bottles/Export")} download variant="default">
        {t("links.exportLibrary")}
      </Button>
      <Button component="a" href={withBase("/api/Bottles/Export?what=purchases")} download variant="default">
        {t("links.exportPurchases")}
      </Button>
      {session ? (
        <Button component={Link} to="/import" variant="light">
          {t("links.import")}
        </Button>
      ) : null}
    </Group>
  );
}
