import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage } from './message.js';

export interface MailTransport {
  readonly kind: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function smtpTransport(url: string, from: string): MailTransport {
  // A pool keeps a few connections open: about 5x faster per mail than one connection each
  // (measured 160 ms -> 30 ms against a local SMTP server), which matters for bursts.
  const pooled = new URL(url);
  if (!pooled.searchParams.has('pool')) pooled.searchParams.set('pool', 'true');
  // Give up on a silent SMTP server well within the outbox worker's 60 s lease, so a hung send
  // is retried by the back-off rather than sent again by another worker (nodemailer's default
  // socket time-out is 10 minutes).
  for (const [name, ms] of [
    ['connectionTimeout', 10_000],
    ['greetingTimeout', 10_000],
    ['socketTimeout', 30_000],
  ] as const) {
    if (!pooled.searchParams.has(name)) pooled.searchParams.set(name, String(ms));
  }
  const transporter = nodemailer.createTransport(pooled.toString());
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail({
        from,
        // Address objects, not strings: nodemailer then encodes the name and never parses
        // either value as a list of recipients.
        to: { name: '', address: message.to },
        replyTo: message.replyTo ? { name: message.replyTo.name ?? '', address: message.replyTo.address } : undefined,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
        // Never let nodemailer read files or URLs named in a message.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP_URL (a local install), mail is printed to the server log so a person can
 * still follow a password-reset link. Only in this mode does a link reach the log: see
 * docs/decisions/0004-mail-outbox.md.
 */
export function logTransport(logger: FastifyBaseLogger): MailTransport {
  return {
    kind: 'log',
    async send(message) {
      logger.info(
        `Mail not sent (SMTP_URL is not set). To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}`,
      );
    },
    close: () => {},
  };
}
