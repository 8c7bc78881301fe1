import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface Mail {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps every message it receives. */
export interface SmtpSink {
  port: number;
  messages: Mail[];
  /**
   * The raw text of the first message to this address (whose Subject contains `subject`, if
   * given: the club also sends meeting notices), waiting for it if needed.
   */
  waitForMessage: (to: string, timeoutMs?: number, subject?: string) => Promise<string>;
  close: () => Promise<void>;
}

/**
 * Starts the sink on a free loopback port (or `port`). STARTTLS is off: smtp-server's built-in
 * certificate has expired, so senders must use `ignoreTLS: true` (or an smtp:// URL to loopback).
 */
export async function startSmtpSink(opts: { port?: number } = {}): Promise<SmtpSink> {
  const messages: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    messages,
    waitForMessage: async (to, timeoutMs = 15_000, subject) => {
      const deadline = Date.now() + timeoutMs;
      const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1] ?? "";
      while (Date.now() < deadline) {
        const found = messages.find(
          (m) => m.to.includes(to) && (subject === undefined || subjectOf(m.raw).includes(subject)),
        );
        if (found) return found.raw;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no email for ${to} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable soft line breaks and escapes, so links can be read out of a raw email. */
export const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
