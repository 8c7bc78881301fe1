import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import {
  insertOutboxMessage,
  listDueOutboxMessages,
  markOutboxMessageFailed,
  markOutboxMessageSent,
  nextOutboxAttemptAt,
  type Db,
} from "@club/db";
import type { Config } from "../config";

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** Messages delivered per pass of the worker. */
const BATCH_SIZE = 50;
export const backoffMs = (attempts: number) => Math.min(MAX_BACKOFF_MS, 2 ** attempts * 5_000);

/** The file in DATA_DIR/outbox/ of an outbox message written there (no SMTP_URL). */
export const outboxFile = (outboxDir: string, id: number): string =>
  join(outboxDir, `${String(id).padStart(6, "0")}.eml`);

/**
 * Email goes through a persistent outbox table: send() stores the message and wakes the
 * worker, which delivers through SMTP_URL (or, without it, logs and writes a .eml file to
 * DATA_DIR/outbox/) and retries failures with exponential backoff. An SMTP outage loses nothing.
 */
export class Mailer {
  /** Made with the first message due: nodemailer (~15 MB) is not loaded by a server that sends none. */
  private transport: Transporter | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    transport?: Transporter,
    private readonly retryDelayMs: (attempts: number) => number = backoffMs,
  ) {
    this.transport = transport;
  }

  private async openTransport(): Promise<Transporter> {
    if (this.transport) return this.transport;
    const { default: nodemailer } = await import("nodemailer");
    this.transport ??= this.config.smtpUrl
      ? nodemailer.createTransport(this.config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
    return this.transport;
  }

  send(email: Email): void {
    insertOutboxMessage(this.db, email);
    void this.flush();
  }

  /** Delivers every message that is due. Resolves when this pass is done. */
  flush(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.running ??= this.deliverDue().finally(() => {
      this.running = undefined;
      this.schedule();
    });
    return this.running;
  }

  start(): void {
    this.stopped = false;
    void this.flush();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    this.transport?.close();
  }

  private schedule(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    const next = nextOutboxAttemptAt(this.db);
    if (next === undefined) return;
    const delay = Math.max(50, Math.min(MAX_BACKOFF_MS, Date.parse(next) - Date.now()));
    this.timer = setTimeout(() => void this.flush(), delay);
    this.timer.unref();
  }

  private async deliverDue(): Promise<void> {
    const due = listDueOutboxMessages(this.db, new Date().toISOString(), BATCH_SIZE);
    for (const message of due) {
      try {
        const transport = await this.openTransport();
        const info = (await transport.sendMail({
          from: this.config.mailFrom,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? undefined,
        })) as { message?: Buffer | string };
        if (!this.config.smtpUrl && info.message) this.writeToOutboxDir(message.id, message.to, info.message);
        markOutboxMessageSent(this.db, message.id, {
          attempts: message.attempts + 1,
          sentAt: new Date().toISOString(),
        });
      } catch (error) {
        const attempts = message.attempts + 1;
        const reason = error instanceof Error ? error.message : String(error);
        this.log.warn({ outboxId: message.id, attempts, reason }, "email delivery failed; will retry");
        markOutboxMessageFailed(this.db, message.id, {
          attempts,
          error: reason,
          nextAttemptAt: new Date(Date.now() + this.retryDelayMs(attempts)).toISOString(),
        });
      }
    }
  }

  private writeToOutboxDir(id: number, to: string, raw: Buffer | string): void {
    mkdirSync(this.config.outboxDir, { recursive: true, mode: 0o700 });
    const file = outboxFile(this.config.outboxDir, id);
    writeFileSync(file, raw, { mode: 0o600 }); // members' addresses and confirmation links
    this.log.info({ to, file }, "SMTP_URL is not set: email written to the outbox folder");
  }
}
