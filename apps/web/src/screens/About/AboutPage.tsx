import type { ReactNode } from "react";
import { APP_VERSION, type ClubSettings } from "@club/shared";
import { PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../lib/useTitle";
import { useClubSettings } from "../../lib/clubSettings";
import { useLanguage, useT } from "../../lib/i18n";
import { formatClockTime, weekdayName } from "../../lib/format";
import { appLocale } from "../../lib/locale";
import { aboutFigures, aboutMessages, duesRuleSentences } from "./clubRulesText";
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
  const t = useT(aboutMessages);
  useTitle(t("title"));
  return <AboutContent settings={useClubSettings()} />;
}

/** The page for a club's settings. */
export function AboutContent({ settings }: { settings: ClubSettings }) {
  const F = aboutFigures(settings);
  const t = useT(aboutMessages);
  const locale = appLocale();
  const week = String(settings.meetingWeekOfMonth);
  const weekday = weekdayName(settings.meetingWeekday, locale);
  const time = formatClockTime(settings.meetingTime, locale);
  const dues = duesRuleSentences(settings, useLanguage());
  return (
    <>
      <PageHeader title={t("heading", { club: settings.name })} subtitle={t("subtitle")} />
      <div className={classes.sections}>
        <section aria-labelledby="general-info">
          <h2 id="general-info" className={classes.heading}>
            {t("generalInfo")}
          </h2>
          <div className={classes.facts} data-columns="2">
            <Fact label={t("weMeet")} value={t("meetingDay", { week, weekday })} />
            <Fact label={t("startingAt")} value={time} />
          </div>
          <Points>
            <li>{t("meets", { week, weekday, time })}</li>
            <li>{t("hostsChosen")}</li>
            <li>{t("voluntary")}</li>
          </Points>
        </section>

        <section aria-labelledby="dues">
          <h2 id="dues" className={classes.heading}>
            {t("dues")}
          </h2>
          <div className={classes.facts} data-columns="3">
            <Fact label={t("monthlyDues")} value={F.monthly} />
            <Fact label={t("joiningFee")} value={F.joining} />
            <Fact label={t("firstPayment")} value={F.firstPayment} />
          </div>
          <Points>
            <li>{dues.monthly}</li>
            <li>{dues.firstMeeting}</li>
            <li>{dues.joining}</li>
            <li>{dues.waiver}</li>
          </Points>
        </section>
      </div>
      {/* Which release this server runs (the one GET /healthz reports), for a member's bug report. */}
      <footer className={classes.footer}>{t("version", { version: APP_VERSION })}</footer>
    </>
  );
}
