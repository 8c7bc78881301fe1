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
  type OutboxMessage,
} from "@club/db";
import type { Config } from "../config";
import { backoffMs, OutboxWorker } from "./outbox";

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export { backoffMs } from "./outbox";

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
  private readonly worker: OutboxWorker<OutboxMessage>;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    transport?: Transporter,
    retryDelayMs: (attempts: number) => number = backoffMs,
  ) {
    this.transport = transport;
    this.worker = new OutboxWorker<OutboxMessage>(
      {
        name: "email",
        due: (now, limit) => listDueOutboxMessages(this.db, now, limit),
        next: () => nextOutboxAttemptAt(this.db),
        deliver: (message, attempts) => this.deliver(message, attempts),
        failed: (message, failure) => markOutboxMessageFailed(this.db, message.id, failure),
      },
      log,
      retryDelayMs,
    );
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
    this.worker.wake();
  }

  /** Delivers every message that is due. Resolves when this pass is done. */
  flush(): Promise<void> {
    return this.worker.flush();
  }

  start(): void {
    this.worker.start();
  }

  async stop(): Promise<void> {
    await this.worker.stop();
    this.transport?.close();
  }

  private async deliver(message: OutboxMessage, attempts: number): Promise<void> {
    const transport = await this.openTransport();
    const info = (await transport.sendMail({
      from: this.config.mailFrom,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? undefined,
    })) as { message?: Buffer | string };
    if (!this.config.smtpUrl && info.message) this.writeToOutboxDir(message.id, message.to, info.message);
    markOutboxMessageSent(this.db, message.id, { attempts, sentAt: new Date().toISOString() });
  }

  private writeToOutboxDir(id: number, to: string, raw: Buffer | string): void {
    mkdirSync(this.config.outboxDir, { recursive: true, mode: 0o700 });
    const file = outboxFile(this.config.outboxDir, id);
    writeFileSync(file, raw, { mode: 0o600 }); // members' addresses and confirmation links
    this.log.info({ to, file }, "SMTP_URL is not set: email written to the outbox folder");
  }
}
