import type { ReactNode } from "react";
import { CLUB_NAME } from "@club/shared";
import { PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../lib/useTitle";
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
 * General Info and Dues, as in SPEC section 1. A static page in plain elements (AboutPage.module.css
 * gives them the look of Mantine's Card, Text, Title and List): nothing here needs a component.
 */
export default function AboutPage() {
  useTitle("About");
  return (
    <>
      <PageHeader title={`About the ${CLUB_NAME}`} subtitle="General Info and Dues" />
      <div className={classes.sections}>
        <section aria-labelledby="general-info">
          <h2 id="general-info" className={classes.heading}>
            General Info
          </h2>
          <div className={classes.facts} data-columns="2">
            <Fact label="We meet" value="Second Friday" />
            <Fact label="Starting at" value="7:00 PM" />
          </div>
          <Points>
            <li>The club meets monthly on the second Friday at 7:00 PM.</li>
            <li>Hosts and themes are chosen at the prior month&apos;s meeting.</li>
            <li>Hosting is voluntary.</li>
          </Points>
        </section>

        <section aria-labelledby="dues">
          <h2 id="dues" className={classes.heading}>
            Dues
          </h2>
          <div className={classes.facts} data-columns="3">
            <Fact label="Monthly dues" value="$12" />
            <Fact label="Joining fee" value="$40" />
            <Fact label="First payment" value="$52" />
          </div>
          <Points>
            <li>Dues are $12 per month.</li>
            <li>Your first meeting is free.</li>
            <li>Joining costs $40, so the first payment is $52 ($40 joining plus $12 dues).</li>
            <li>
              Dues may be waived for up to six months for members of over 12 months who face financial
              hardship.
            </li>
          </Points>
        </section>
      </div>
    </>
  );
}
