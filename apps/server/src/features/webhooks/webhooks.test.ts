import { createHmac, timingSafeEqual } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertWebhook,
  listWebhookDeliveries,
  markWebhookDelivered,
  markWebhookFailed,
  queueWebhookDelivery,
} from "@club/db";
import type { Webhook, WebhookDelivery } from "@club/shared";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { removeStale } from "../../platform/housekeeping";
import { isPrivateAddress } from "../../platform/publicAddress";

/**
 * Webhooks: an admin's hook gets the club's events as signed JSON, posted to a receiver of the
 * test's own that checks the signature as the README says, refuses the first attempt of each event
 * and takes the retry; across a restart nothing is posted twice and nothing is lost. URLs at the
 * server's own machine or network are refused unless WEBHOOKS_ALLOW_PRIVATE allows them.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  verified: boolean;
  answered: number;
}

/** A receiver: verifies each request's signature with `secret`, answers `answer(n)` to the n-th try of an event. */
function startReceiver() {
  const received: Received[] = [];
  const tries = new Map<string, number>();
  const state = { secret: "", failFirst: true, down: false };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      // README: how a receiver verifies a delivery.
      const expected = Buffer.from(`sha256=${createHmac("sha256", state.secret).update(raw).digest("hex")}`);
      const given = Buffer.from(String(req.headers["x-club-signature"] ?? ""));
      const verified = given.length === expected.length && timingSafeEqual(given, expected);
      const id = String(req.headers["x-club-event-id"]);
      const n = (tries.get(id) ?? 0) + 1;
      tries.set(id, n);
      const answered = state.down || (state.failFirst && n === 1) ? 500 : 204;
      received.push({ headers: req.headers, body: raw.toString("utf8"), verified, answered });
      res.writeHead(answered).end();
    });
  });
  return {
    received,
    state,
    /** The events taken (a 2xx answer), by id. */
    taken: () =>
      received
        .filter((r) => r.answered < 300)
        .map((r) => JSON.parse(r.body) as { id: string; event: string }),
    url: async () => {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function until<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

type M = Awaited<ReturnType<TestApp["member"]>>;

describe("which addresses a hook or a push endpoint may have", () => {
  let t: TestApp;
  let admin: M;
  let member: M;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.member(undefined, { role: "admin" });
    member = await t.member();
  });
  afterAll(() => t.close());

  it("knows the server's own ranges", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of [
      "::1",
      "::",
      "fd00::1",
      "fc00::5",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:a00:1",
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ["93.184.215.14", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8"])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it("refuses the server itself and its network with a clear 400, and stores nothing", async () => {
    const refused = [
      "http://127.0.0.1:3000/hook",
      "http://localhost/hook",
      "http://club.localhost/hook",
      "http://10.0.0.5/hook",
      "http://192.168.1.20:8123/api/webhook/x",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]/hook",
      "http://[fd12:3456::1]/hook",
      "http://[::ffff:127.0.0.1]/hook",
      "http://2130706433/hook",
      "http://0x7f.1/hook",
    ];
    for (const url of refused) {
      const res = await t.request({
        method: "POST",
        url: "/api/Admin/Webhooks",
        token: admin.token,
        payload: { url, events: ["meetingNew"] },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message, url).toMatch(
        /this server or its own network; set WEBHOOKS_ALLOW_PRIVATE=true to allow it\.$/,
      );
    }
    for (const [url, message] of [
      ["ftp://example.com/hook", "The URL must start with http:// or https://."],
      ["https://user:secret@example.com/hook", "The URL may not hold a user name or password."],
      ["not a url", "The URL is not a valid absolute URL."],
    ] as const) {
      const res = await t.request({
        method: "POST",
        url: "/api/Admin/Webhooks",
        token: admin.token,
        payload: { url, events: ["meetingNew"] },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toBe(message);
    }
    const bad = await t.request({
      method: "POST",
      url: "/api/Admin/Webhooks",
      token: admin.token,
      payload: { url: "https://hooks.invalid/x", events: ["noSuchEvent"] },
    });
    expect(bad.statusCode).toBe(400);
    const list = await t.request({ method: "GET", url: "/api/Admin/Webhooks", token: admin.token });
    expect(list.json()).toEqual([]);
    // Members may not see or add hooks.
    expect(
      (await t.request({ method: "GET", url: "/api/Admin/Webhooks", token: member.token })).statusCode,
    ).toBe(403);
  });

  it("a push subscription's endpoint: https at a public address only", async () => {
    const keys = {
      p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
      auth: "tBHItJI5svbpez7KI4CCXg",
    };
    for (const endpoint of [
      "http://push.example.com/send/1",
      "https://127.0.0.1/send/1",
      "https://[::1]/send",
      "https://10.0.0.1/x",
    ]) {
      const res = await t.request({
        method: "POST",
        url: "/api/Account/PushSubscriptions",
        token: member.token,
        payload: { endpoint, keys },
      });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toMatch(
        /^This push endpoint cannot be used\. The URL/,
      );
    }
    const ok = await t.request({
      method: "POST",
      url: "/api/Account/PushSubscriptions",
      token: member.token,
      payload: { endpoint: "https://push.invalid/send/1", keys },
    });
    expect(ok.statusCode).toBe(201);
  });

  it("checks the address connected to at each send: a hook whose name resolves to this machine gets nothing", async () => {
    const receiver = startReceiver();
    const url = (await receiver.url()).replace("127.0.0.1", "localhost");
    // As if the name had resolved elsewhere when the hook was added (DNS rebinding).
    const hook = insertWebhook(t.app.deps.db, {
      url,
      events: "meetingNew",
      secret: "whsec_test",
      createdAt: new Date().toISOString(),
    });
    const test = await t.request({
      method: "POST",
      url: `/api/Admin/Webhooks/${hook.id}/Test`,
      token: admin.token,
    });
    expect(test.statusCode).toBe(201);
    const failed = await until("the attempt to fail", async () => {
      const res = await t.request({
        method: "GET",
        url: `/api/Admin/Webhooks/${hook.id}/Deliveries`,
        token: admin.token,
      });
      const [d] = res.json<WebhookDelivery[]>();
      return d && d.attempts > 0 ? d : undefined;
    });
    expect(failed).toMatchObject({ event: "test", status: "pending", attempts: 1 });
    expect(failed.error).toMatch(/resolves to (127\.0\.0\.1|::1), a private address/);
    expect(receiver.received).toEqual([]);
    await receiver.close();
  });
});

describe("the log", () => {
  it("keeps a delivery 30 days once done; one still waiting stays", async () => {
    const t = await createTestApp();
    try {
      const { db } = t.app.deps;
      const hook = insertWebhook(db, {
        url: "https://hooks.invalid/log",
        events: "meetingNew",
        secret: "whsec_log",
        createdAt: "2026-01-01T00:00:00.000Z",
      });
      const queue = (eventId: string) =>
        queueWebhookDelivery(db, {
          webhookId: hook.id,
          eventId,
          event: "meetingNew",
          once: null,
          payload: "{}",
          createdAt: "2026-01-01T00:00:00.000Z",
        })!;
      const delivered = queue("a");
      const failed = queue("b");
      const waiting = queue("c");
      markWebhookDelivered(db, delivered, 1, "2026-01-01T00:00:01.000Z");
      markWebhookFailed(db, failed, {
        attempts: 12,
        error: "answered 500",
        nextAttemptAt: "2026-01-01T04:00:00.000Z",
        givenUpAt: "2026-01-01T04:00:00.000Z",
      });
      const left = () => listWebhookDeliveries(db, hook.id, 10).map((d) => d.id);
      removeStale({ ...t.app.deps, now: () => new Date("2026-01-20T00:00:00.000Z") });
      expect(left()).toEqual([waiting, failed, delivered]);
      removeStale({ ...t.app.deps, now: () => new Date("2026-02-15T00:00:00.000Z") });
      expect(left()).toEqual([waiting]);
    } finally {
      await t.close();
    }
  });
});

describe("delivering events", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "club-webhooks-"));
  const receiver = startReceiver();
  let t: TestApp;
  let admin: M;
  let member: M;
  let hookUrl = "";
  let hookId = 0;
  const start = () =>
    createTestApp({
      dataDir,
      keepDataDir: true,
      env: { WEBHOOKS_ALLOW_PRIVATE: "true" },
      webhookBackoffMs: () => 100,
    });
  beforeAll(async () => {
    hookUrl = await receiver.url();
    t = await start();
    admin = await t.member(undefined, { role: "admin" });
    member = await t.member();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const deliveries = async () =>
    (
      await t.request({ method: "GET", url: `/api/Admin/Webhooks/${hookId}/Deliveries`, token: admin.token })
    ).json<WebhookDelivery[]>();

  it("an admin adds a hook: the secret is shown once, the list never shows it, the log has the entry", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/Admin/Webhooks",
      token: admin.token,
      payload: { url: hookUrl, events: ["meetingNew", "revealed"] },
    });
    expect(res.statusCode).toBe(201);
    const { id, secret } = res.json<{ id: number; secret: string }>();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    hookId = id;
    receiver.state.secret = secret;
    const list = await t.request({ method: "GET", url: "/api/Admin/Webhooks", token: admin.token });
    expect(list.json<Webhook[]>()).toEqual([
      { id, url: hookUrl, events: ["meetingNew", "revealed"], active: true, createdAt: expect.any(String) },
    ]);
    expect(list.body).not.toContain(secret);
    const log = await t.request({ method: "GET", url: "/api/Activity", token: admin.token });
    expect(log.body).toContain("webhooks.create");
  });

  it("a new meeting is posted, signed; the first attempt is refused and the retry taken", async () => {
    // A second hook takes other events only.
    const other = (
      await t.caller(admin.user).webhooks.create({ url: `${hookUrl}/other`, events: ["revealed"] })
    ).id;
    const theme = await t.caller(member.user).themes.create({ description: "Islay" });
    const meeting = await t
      .caller(member.user)
      .meetings.create({ date: "2027-02-12", hostName: "Host", themeId: theme.id });
    const [event] = await until("the retry to be taken", () =>
      receiver.taken().length === 1 ? receiver.taken() : undefined,
    );
    expect(event).toMatchObject({
      event: "meetingNew",
      link: `/monthlymeeting/${meeting.id}`,
      url: `http://club.test/monthlymeeting/${meeting.id}`,
      text: expect.stringMatching(/^New club meeting on Friday, February 12, 2027/),
    });
    const tries = receiver.received.filter((r) => JSON.parse(r.body).id === event!.id);
    expect(tries.map((r) => r.answered)).toEqual([500, 204]);
    expect(tries.every((r) => r.verified)).toBe(true);
    // The same event id and body on the retry; the event and its time in the headers.
    expect(tries[1]!.body).toBe(tries[0]!.body);
    expect(tries[1]!.headers["x-club-event-id"]).toBe(event!.id);
    expect(tries[1]!.headers["x-club-event"]).toBe("meetingNew");
    expect(Number(tries[1]!.headers["x-club-timestamp"])).toBeGreaterThan(1_700_000_000);
    expect(tries[1]!.headers["content-type"]).toBe("application/json");
    const log = await until("the log to say delivered", async () => {
      const d = await deliveries();
      return d[0]?.status === "delivered" ? d : undefined;
    });
    expect(log).toEqual([
      {
        id: expect.any(Number),
        event: "meetingNew",
        at: expect.any(String),
        status: "delivered",
        attempts: 2,
        error: null,
      },
    ]);
    expect(await t.caller(admin.user).webhooks.deliveries({ id: other })).toEqual([]);
    await t.caller(admin.user).webhooks.delete({ id: other });
  });

  it("the Test button's event goes like any other", async () => {
    receiver.state.failFirst = false;
    const test = await t.request({
      method: "POST",
      url: `/api/Admin/Webhooks/${hookId}/Test`,
      token: admin.token,
    });
    expect(test.statusCode).toBe(201);
    await until("the test event", () => receiver.taken().find((e) => e.event === "test"));
    expect((await deliveries()).map((d) => [d.event, d.status])).toEqual([
      ["test", "delivered"],
      ["meetingNew", "delivered"],
    ]);
    expect(
      (await t.request({ method: "POST", url: "/api/Admin/Webhooks/999999/Test", token: admin.token }))
        .statusCode,
    ).toBe(404);
  });

  it("across a restart nothing is posted twice and nothing is lost", async () => {
    // The receiver is down: the event waits in the outbox while the server stops.
    receiver.state.down = true;
    const before = receiver.taken().length;
    const test = await t.request({
      method: "POST",
      url: `/api/Admin/Webhooks/${hookId}/Test`,
      token: admin.token,
    });
    const waiting = test.json<{ id: number }>().id;
    await until("a refused attempt", async () =>
      (await deliveries()).find((d) => d.id === waiting && d.attempts > 0),
    );
    await t.close();
    receiver.state.down = false;
    t = await start();
    await until("the waiting event after the restart", async () =>
      (await deliveries()).find((d) => d.id === waiting && d.status === "delivered"),
    );
    // One more event after the restart, so whatever would be sent again has had its chance.
    const after = await t.request({
      method: "POST",
      url: `/api/Admin/Webhooks/${hookId}/Test`,
      token: admin.token,
    });
    const last = after.json<{ id: number }>().id;
    await until("the event after the restart", async () =>
      (await deliveries()).find((d) => d.id === last && d.status === "delivered"),
    );
    const ids = receiver.taken().map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(before + 2);
  });

  it("a removed hook is sent nothing more, and the log has it", async () => {
    const res = await t.request({
      method: "DELETE",
      url: `/api/Admin/Webhooks/${hookId}`,
      token: admin.token,
    });
    expect(res.statusCode).toBe(204);
    expect(
      (await t.request({ method: "GET", url: "/api/Admin/Webhooks", token: admin.token })).json(),
    ).toEqual([]);
    expect(
      (
        await t.request({
          method: "GET",
          url: `/api/Admin/Webhooks/${hookId}/Deliveries`,
          token: admin.token,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: "DELETE", url: `/api/Admin/Webhooks/${hookId}`, token: admin.token }))
        .statusCode,
    ).toBe(404);
    const log = await t.request({ method: "GET", url: "/api/Activity", token: admin.token });
    expect(log.body).toContain("webhooks.delete");
  });
});
