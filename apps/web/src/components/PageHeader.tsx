import type { ReactNode } from "react";
import classes from "./PageHeader.module.css";

/**
 * The screen's h1, an optional subtitle, and its actions on the right. Plain elements styled like
 * Mantine's Title (order 1, 28 px on a phone, 34 px from 48em) and dimmed Text: every screen renders
 * it on its first paint, and a Mantine Title with a responsive size injects a style tag each time.
 */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className={classes.header}>
      <div className={classes.titles}>
        <h1 className={classes.title}>{title}</h1>
        {/* A <div>, not a <p>: a subtitle may hold block elements (the bottle page's type badge), and
            the server's first screen is parsed as HTML, which closes a <p> before any of them. */}
        {subtitle ? <div className={classes.subtitle}>{subtitle}</div> : null}
      </div>
      {actions ? <div className={classes.actions}>{actions}</div> : null}
    </div>
  );
}
