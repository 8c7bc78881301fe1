import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Notification } from "@club/shared";
import { createTestApp, startSmtpSink, type SmtpSink, type TestApp } from "../../../test/helpers";
import { readMail } from "../../../test/mail";
import { startPushEndpoint } from "../../../test/pushEndpoint";
import { noticeText } from "./text";

/**
 * A notice in each member's language: the notification in the app, its email and its message to
 * the phone say the kind's sentence in the language the member chose (the club's otherwise), its
 * day written that language's way; English is word for word what it always was.
 */
let smtp: SmtpSink;
let t: TestApp;
let push: Awaited<ReturnType<typeof startPushEndpoint>>;
let clock = new Date("2026-11-20T12:00:00Z");
type M = Awaited<ReturnType<TestApp["member"]>>;
let host: M;
let greta: M;
let emma: M;

beforeAll(async () => {
  smtp = await startSmtpSink();
  push = await startPushEndpoint();
  t = await createTestApp({
    env: { CLUB_TIMEZONE: "Europe/London", WEBHOOKS_ALLOW_PRIVATE: "true" },
    smtpPort: smtp.port,
    now: () => clock,
  });
  host = await t.member("host@example.com");
  greta = await t.member("greta@example.com");
  emma = await t.member("emma@example.com");
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await push.close();
});

const send = (method: "GET" | "POST" | "PUT", url: string, token: string, payload?: unknown) =>
  t.request({ method, url, token, payload: payload as Record<string, unknown> });
const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
  const done = await res;
  expect(done.statusCode, done.body).toBeLessThan(300);
};
const mailTo = (address: string, subject: RegExp) =>
  smtp.messages
    .filter((m) => m.to.includes(address))
    .map((m) => readMail(m.raw))
    .filter((m) => subject.test(m.subject));
const pushedTo = (path: string) =>
  push.received
    .filter((r) => r.path === path)
    .map((r) => JSON.parse(push.decrypt(r.body)) as { title: string; body: string });

describe("notices in the member's language", () => {
  it("the reveal: German for a member who chose German, in the app, by email and on the phone; English as before", async () => {
    await ok(send("PUT", "/api/Account/Language", greta.token, { language: "de" }));
    for (const [m, path] of [
      [greta, "/push/greta"],
      [emma, "/push/emma"],
    ] as const) {
      await ok(
        send("PUT", "/api/Account/Notifications", m.token, {
          kinds: { revealed: { inApp: true, email: true, push: true } },
        }),
      );
      await ok(send("POST", "/api/Account/PushSubscriptions", m.token, push.subscription(path)));
    }
    // The club's hook hears of it once, in the club's language (English here).
    const admin = await t.member("admin@example.com", { role: "admin" });
    await t.caller(admin.user).webhooks.create({ url: "http://127.0.0.1:9/hook", events: ["revealed"] });
    const themeId = (await t.caller(host.user).themes.create({ description: "Islay" })).id;
    const made = await send("POST", "/api/MonthlyMeetings/PostMonthlyMeetingsWithNames", host.token, {
      date: "2026-12-04",
      hostName: "Host",
      themeId,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<{ id: number }>().id;
    const h = t.caller(host.user);
    const bottleId = (await h.bottles.create({ name: "Hidden Dram", abv: 46 })).id;
    await h.night.setFlight({ id, pours: [{ bottleId, pourMl: 25 }] });
    await h.night.settings({
      id,
      capacity: null,
      blind: true,
      scoringOpen: true,
      hostMemberId: host.user.id,
    });
    for (const m of [greta, emma]) await t.caller(m.user).night.rsvp({ id, status: "going", guests: 0 });
    clock = new Date("2026-12-04T19:05:00Z");
    await h.night.reveal({ id });

    const german = "Die Flaschen vom Freitag, 4. Dezember 2026 sind aufgedeckt.";
    const english = "The bottles of Friday, December 4, 2026 are revealed.";
    const inApp = async (m: M) =>
      (await send("GET", "/api/Notifications", m.token))
        .json<Notification[]>()
        .filter((n) => n.kind === "revealed")
        .map((n) => n.text);
    expect(await inApp(greta)).toEqual([german]);
    expect(await inApp(emma)).toEqual([english]);

    await t.app.deps.mailer.flush();
    await t.app.deps.mailer.flush();
    await expect.poll(() => mailTo("greta@example.com", /aufgedeckt/).length, { timeout: 15_000 }).toBe(1);
    const gretasMail = mailTo("greta@example.com", /aufgedeckt/)[0]!;
    expect(gretasMail.subject).toBe(german);
    expect(gretasMail.text).toMatch(
      /^Hallo \S+,\n\nDie Flaschen vom Freitag, 4\. Dezember 2026 sind aufgedeckt\./,
    );
    expect(gretasMail.text).toContain("In deinem Konto kannst du wählen, wie du davon erfährst.");
    expect(gretasMail.html).toContain("In der App öffnen</a>");
    await expect.poll(() => mailTo("emma@example.com", /revealed/).length, { timeout: 15_000 }).toBe(1);
    const emmasMail = mailTo("emma@example.com", /revealed/)[0]!;
    expect(emmasMail.subject).toBe(english);
    expect(emmasMail.text).toBe(
      `Hello Test,\n\n${english}\n\nYou can choose how you are told of this in your account.\n\nhttp://club.test/monthlymeeting/${id}\n\n`,
    );
    expect(emmasMail.html).toContain("Open it in the app</a>");

    await expect
      .poll(
        async () => (
          await t.app.deps.push.flush(),
          push.received.filter((r) => r.path.startsWith("/push")).length
        ),
        { timeout: 15_000 },
      )
      .toBe(2);
    // What the club's hook is posted (from its outbox: it goes at the event's time).
    const queued = t.app.deps.db.$client
      .prepare("SELECT payload FROM webhook_deliveries WHERE event = 'revealed'")
      .all() as { payload: string }[];
    expect(queued.map((q) => (JSON.parse(q.payload) as { text: string }).text)).toEqual([english]);
    expect(pushedTo("/push/greta")).toEqual([expect.objectContaining({ title: german, body: "" })]);
    expect(pushedTo("/push/emma")).toEqual([expect.objectContaining({ title: english, body: "" })]);
  });

  it("every kind's sentence: English word for word as before, its days and amounts in the language's way", () => {
    const day = { date: "2026-12-04" };
    expect(noticeText("en", "meetingNew", { day, theme: "Islay" })).toBe(
      "New club meeting on Friday, December 4, 2026: Islay.",
    );
    expect(noticeText("en", "duesStatement", { amount: { cents: 7600, currency: "USD" } })).toBe(
      "Your club dues: $76 to pay.",
    );
    expect(noticeText("en", "clubMessage", { who: "Ann Lee", subject: "Bring {glasses}" })).toBe(
      "Ann Lee wrote to the club: Bring {glasses}",
    );
    expect(noticeText("fr", "waitlistPlace", { day })).toBe(
      "Une place s’est libérée pour vous à la réunion du vendredi 4 décembre 2026.",
    );
    expect(noticeText("sv", "duesStatement", { amount: { cents: 7600, currency: "USD" } })).toBe(
      "Din klubbavgift: 76\u00a0US$ att betala.",
    );
    expect(noticeText("ja", "results", { day })).toBe("2026年12月4日金曜日の結果が出ました。");
  });
});
