import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import nodemailer from "nodemailer";
import { startSmtpSink } from "@club/testing";
import { afterEach, describe, expect, it } from "vitest";
import { outbox } from "@club/db";
import { ServerMessages } from "@club/shared";
import { buildApp } from "../app/buildApp";
import { loadConfig } from "../config";
import { REGISTERED_MESSAGE, RESEND_MESSAGE } from "../features/auth/service";
import { backoffMs } from "./mailer";
import { decodeQuotedPrintable } from "../../test/helpers";

/**
 * Email outage: with the SMTP server down, registration still succeeds; the message waits in the
 * outbox table, is retried with backoff, and is delivered once the server is back, even across a
 * restart of the app.
 */

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === "object" && addr ? addr.port : 0));
    });
  });

/** An SMTP sink on a given port (the one the app was configured with while it was down). */
const smtpSinkOn = (port: number) => startSmtpSink({ port });

async function until<T>(what: string, probe: () => T | undefined | false, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function startApp(dataDir: string, smtpPort: number): Promise<FastifyInstance> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_DATA: "false",
    APP_URL: "http://club.test",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    JWT_SECRET: "outage-secret-outage-secret-outage-secret-0123",
  });
  const app = await buildApp({
    config,
    mailTransport: nodemailer.createTransport({
      host: "127.0.0.1",
      port: smtpPort,
      ignoreTLS: true,
      connectionTimeout: 2_000,
      greetingTimeout: 2_000,
    }),
    // Short and still exponential: 100, 200, 400, 800 ms, capped at 1 s.
    mailBackoffMs: (attempts) => Math.min(1_000, 50 * 2 ** attempts),
  });
  await app.ready();
  return app;
}

const outboxRows = (app: FastifyInstance) => app.deps.db.select().from(outbox).all();

describe("SMTP outage", () => {
  it("production backoff is 5 s × 2ⁿ, capped at one hour", () => {
    expect([0, 1, 2, 3, 4].map(backoffMs)).toEqual([5_000, 10_000, 20_000, 40_000, 80_000]);
    expect(backoffMs(20)).toBe(60 * 60 * 1000);
  });

  it("registration succeeds while SMTP is down; the email waits, is retried, and arrives when SMTP is back", async () => {
    const dir = mkdtempSync(join(tmpdir(), "club-outage-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const port = await freePort(); // nothing listens here yet
    const app = await startApp(dir, port);
    cleanups.push(() => app.close());

    const email = "outage@example.com";
    const res = await app.inject({
      method: "POST",
      url: "/api/Register/register",
      payload: { email, password: "long-enough-pw", firstName: "Out", lastName: "Age" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: REGISTERED_MESSAGE });

    // The message is pending, failing and being retried with growing delays.
    const failing = await until("three failed attempts", () => {
      const row = outboxRows(app)[0];
      return row && row.attempts >= 3 ? row : undefined;
    });
    expect(failing.sentAt).toBeNull();
    expect(failing.to).toBe(email);
    expect(failing.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(Date.parse(failing.nextAttemptAt)).toBeGreaterThan(Date.now() - 1_000);

    // The resend action answers the same while the outage lasts (and queues no duplicate within a minute).
    const resend = await app.inject({
      method: "POST",
      url: "/api/Register/resendConfirmation",
      payload: { email },
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ message: RESEND_MESSAGE });
    expect(outboxRows(app)).toHaveLength(1);

    // SMTP comes back: the next retry delivers it.
    const sink = await smtpSinkOn(port);
    cleanups.push(() => sink.close());
    const delivered = await until("delivery", () => sink.messages.find((m) => m.to.includes(email)));
    const sent = await until("sentAt", () => outboxRows(app).find((r) => r.sentAt !== null));
    expect(sent.attempts).toBeGreaterThanOrEqual(4);
    expect(sent.lastError).toBeNull();
    expect(sink.messages).toHaveLength(1);

    // The link in it works.
    const link = /http:\/\/club\.test\/confirm-email\?[^\s"<]+/.exec(
      decodeQuotedPrintable(delivered.raw),
    )?.[0];
    expect(link).toBeDefined();
    const search = new URL((link ?? "").replace(/&amp;/g, "&")).search;
    const confirm = await app.inject({ method: "GET", url: `/api/Register/confirmemail${search}` });
    expect(confirm.json()).toEqual({ message: ServerMessages.emailConfirmed });
    const login = await app.inject({
      method: "POST",
      url: "/login",
      payload: { email, password: "long-enough-pw" },
    });
    expect(login.statusCode).toBe(200);
  });

  it("a pending email survives a restart and is sent by the next process", async () => {
    const dir = mkdtempSync(join(tmpdir(), "club-outage-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const port = await freePort();

    const first = await startApp(dir, port);
    const res = await first.inject({
      method: "POST",
      url: "/api/Register/register",
      payload: {
        email: "restart@example.com",
        password: "long-enough-pw",
        firstName: "Re",
        lastName: "Start",
      },
    });
    expect(res.statusCode).toBe(201);
    await until("a failed attempt", () => (outboxRows(first)[0]?.attempts ?? 0) >= 1);
    await first.close();

    const sink = await smtpSinkOn(port);
    cleanups.push(() => sink.close());
    const second = await startApp(dir, port);
    cleanups.push(() => second.close());
    await until("delivery after restart", () =>
      sink.messages.find((m) => m.to.includes("restart@example.com")),
    );
    const row = await until("sentAt", () => outboxRows(second).find((r) => r.sentAt !== null));
    expect(row.to).toBe("restart@example.com");
  });
});
