import type { ReactNode } from "react";
import { APP_VERSION, type ClubSettings } from "@club/shared";
import { PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../lib/useTitle";
import { useClubSettings } from "../../lib/clubSettings";
import { aboutFigures } from "./clubRulesText";
import classes from "./AboutPage.module.css";

/** A headline figure: a bordered card with a small label and a large amber value. */
function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className={classes.fact}>
      <p className={classes.label}>{label}</p>
      <p className={classes.value}>{value}</p>
    </div>
  );
}

function Points({ children }: { children: ReactNode }) {
  return <ul className={classes.points}>{children}</ul>;
}

/**
 * General Info and Dues, as in docs/product.md. A static page in plain elements (AboutPage.module.css
 * gives them the look of Mantine's Card, Text, Title and List): nothing here needs a component.
 */
export default function AboutPage() {
  useTitle("About");
  return <AboutContent settings={useClubSettings()} />;
}

/** The page for a club's settings. */
export function AboutContent({ settings }: { settings: ClubSettings }) {
  const F = aboutFigures(settings);
  return (
    <>
      <PageHeader title={`About the ${settings.name}`} subtitle="General Info and Dues" />
      <div className={classes.sections}>
        <section aria-labelledby="general-info">
          <h2 id="general-info" className={classes.heading}>
            General Info
          </h2>
          <div className={classes.facts} data-columns="2">
            <Fact label="We meet" value={F.meetingDay} />
            <Fact label="Starting at" value={F.meetingTime} />
          </div>
          <Points>
            <li>
              The club meets monthly on the {F.meetingDayInText} at {F.meetingTime}.
            </li>
            <li>Hosts and themes are chosen at the prior month&apos;s meeting.</li>
            <li>Hosting is voluntary.</li>
          </Points>
        </section>

        <section aria-labelledby="dues">
          <h2 id="dues" className={classes.heading}>
            Dues
          </h2>
          <div className={classes.facts} data-columns="3">
            <Fact label="Monthly dues" value={F.monthly} />
            <Fact label="Joining fee" value={F.joining} />
            <Fact label="First payment" value={F.firstPayment} />
          </div>
          <Points>
            <li>Dues are {F.monthly} per month.</li>
            <li>Your first meeting is free.</li>
            <li>
              Joining costs {F.joining}, so the first payment is {F.firstPayment} ({F.joining} joining plus{" "}
              {F.monthly} dues).
            </li>
            <li>
              Dues may be waived for up to {F.waiverMonths} months for members of over{" "}
              {F.waiverMembershipMonths} months who face financial hardship.
            </li>
          </Points>
        </section>
      </div>
      {/* Which release this server runs (the one GET /healthz reports), for a member's bug report. */}
      <footer className={classes.footer}>Version {APP_VERSION}</footer>
    </>
  );
}
