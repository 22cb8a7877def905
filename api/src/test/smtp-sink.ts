// A real SMTP server for tests (the smtp-server package), messages parsed with mailparser. It can be
// stopped and started again on the same port (an SMTP server that is down, then back).
import { beforeAll, afterAll, beforeEach } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { testConfig, type AppConfig } from '../config.ts';
import { createTestApp, type TestContext } from './harness.ts';
import { smtpTransport } from '../services/mail/transport.ts';
import { outboxDeps, sendDueMessages } from '../services/mail/outbox.ts';

export interface SmtpSink {
  url: string;
  port: number;
  /** Every message the server accepted, in order (a redelivery appears twice). */
  received: ParsedMail[];
  /** What a mailbox keeps: one message per Message-ID. */
  mailbox: () => ParsedMail[];
  /** Messages for one recipient. */
  to: (email: string) => ParsedMail[];
  /** Resolves when at least `n` messages were received (or rejects after `ms`). */
  waitFor: (n: number, ms?: number) => Promise<void>;
  stop: () => Promise<void>;
  start: () => Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ParsedMail[] = [];
  let server: SMTPServer | null = null;
  let port = 0;
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
  const start = async () => {
    server = make();
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', () => resolve()));
    port = (server.server.address() as AddressInfo).port;
  };
  await start();
  const toList = (m: ParsedMail) => (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address?.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    mailbox: () => {
      const seen = new Set<string>();
      return received.filter((m) => {
        const id = m.messageId ?? '';
        if (seen.has(id)) return false;
        seen.add(id);
        return true;
      });
    },
    to: (email) => received.filter((m) => toList(m).includes(email.toLowerCase())),
    waitFor: async (n, ms = 5000) => {
      const until = Date.now() + ms;
      while (received.length < n) {
        if (Date.now() > until) throw new Error(`SMTP sink: expected ${n} messages, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
    start,
  };
}

/**
 * A test app whose mail goes to a real SMTP sink, with a `drain()` that runs the outbox sender once and
 * `close()` that stops all three. The suites that read the messages they caused share it.
 */
export async function startMailTestApp(config: Partial<AppConfig> = {}) {
  const sink = await startSmtpSink();
  const ctx = await createTestApp({ config: { ...config, mail: { ...testConfig().mail, smtpUrl: sink.url, ...config.mail } } });
  const transport = smtpTransport(sink.url);
  const drain = () => sendDueMessages(outboxDeps({ ...ctx, logger: pino({ level: 'silent' }) }, transport));
  const close = async () => {
    transport.close();
    await sink.stop();
    await ctx.close();
  };
  return { ctx, sink, drain, close };
}

/** A mail suite's app: the context, the sink and the outbox sender, live once the file's beforeAll has run. */
export interface MailSuite {
  readonly ctx: TestContext;
  readonly sink: SmtpSink;
  drain: () => Promise<unknown>;
}

/**
 * The set-up every mail suite shares: startMailTestApp before the file's tests, close after them, and the sink
 * emptied before each test so a test reads only the messages it caused. Call it at the top of a test file.
 */
export function useMailTestApp(config: Partial<AppConfig> = {}): MailSuite {
  let app: Awaited<ReturnType<typeof startMailTestApp>> | undefined;
  const started = () => {
    if (!app) throw new Error('useMailTestApp: the suite is read before its beforeAll ran');
    return app;
  };
  beforeAll(async () => {
    app = await startMailTestApp(config);
  });
  afterAll(() => app?.close());
  beforeEach(() => {
    if (app) app.sink.received.length = 0;
  });
  return {
    get ctx() {
      return started().ctx;
    },
    get sink() {
      return started().sink;
    },
    drain: () => started().drain(),
  };
}
