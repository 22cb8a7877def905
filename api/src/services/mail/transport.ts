// Where mail goes (decision 045): SMTP through nodemailer when SMTP_URL is set; otherwise (a fresh
// clone, development, tests without a server) each message is built by nodemailer's stream transport
// and written as a standard .eml file under data/mail/, its subject and path logged.
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config.ts';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The idempotency key: a resend of the same outbox row carries the same Message-ID. */
  messageId: string;
  attachments?: { filename: string; content: string; contentType: string }[];
  /** An .ics invitation shown by mail clients as a calendar event (text/calendar alternative). */
  icalEvent?: { method: string; content: string };
}

export interface MailTransport {
  /** Hands the message to the server (or writes the file); throws when it was not accepted. */
  send(mail: OutgoingMail): Promise<void>;
  /** "smtp" or "file" (shown to admins). */
  readonly kind: 'smtp' | 'file';
  close(): void;
}

// An SMTP server that is down or silent fails a send within seconds; the outbox retries it later.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function smtpTransport(smtpUrl: string): MailTransport {
  const u = new URL(smtpUrl);
  const t = nodemailer.createTransport({
    host: u.hostname,
    port: Number(u.port) || (u.protocol === 'smtps:' ? 465 : 587),
    secure: u.protocol === 'smtps:',
    ...(u.username ? { auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } } : {}),
    ...SMTP_TIMEOUTS,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await t.sendMail(mail);
    },
    close: () => t.close(),
  };
}

export function fileTransport(dir: string, logger: Logger): MailTransport {
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(mail) {
      const info = await t.sendMail(mail);
      await fs.promises.mkdir(dir, { recursive: true });
      const id = mail.messageId.replace(/[<>]/g, '').replace(/[^A-Za-z0-9._-]/g, '_');
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
      await fs.promises.writeFile(file, info.message as Buffer);
      logger.info({ to: mail.to, subject: mail.subject, file }, `mail written: "${mail.subject}" -> ${file}`);
    },
    close: () => t.close(),
  };
}

export function createMailTransport(config: AppConfig, logger: Logger): MailTransport {
  return config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : fileTransport(config.mail.mailDir, logger);
}
