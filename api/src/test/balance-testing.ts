// The set-up the low-balance suites share (decisions 230 and the low-balance e-mail of issue 26): an app with an
// admin and the caller system's key, a call through the real callback, and the balance-low mails the app wrote
// to its outbox. Call it at the top of a test file; its fields are live once the file's beforeAll has run.
import { beforeAll, afterAll } from 'vitest';
import { createTestAppWithAdmin, type loginAs, type TestContext } from './harness.ts';
import { postTransferCall } from './proof-fixtures.ts';
import { OutboxMail } from '../models/index.ts';

export interface BalanceSuite {
  readonly ctx: TestContext;
  readonly admin: Awaited<ReturnType<typeof loginAs>>;
  /** One delivered call of the agent now, through POST /api/callbacks/transfer. */
  call: (userId: number) => ReturnType<typeof postTransferCall>;
  /** The agent's balance-low e-mails in the outbox, oldest first. */
  lowMails: (userId: number) => Promise<Array<{ subject: string }>>;
}

export function useBalanceTestApp(transferApiKey: string): BalanceSuite {
  let app: Awaited<ReturnType<typeof createTestAppWithAdmin>> | undefined;
  const started = () => {
    if (!app) throw new Error('useBalanceTestApp: the suite is read before its beforeAll ran');
    return app;
  };
  beforeAll(async () => {
    app = await createTestAppWithAdmin({ config: { transferApiKey } });
  });
  afterAll(() => app?.ctx.close());
  return {
    get ctx() {
      return started().ctx;
    },
    get admin() {
      return started().admin;
    },
    call: (userId) => postTransferCall(started().ctx.app, transferApiKey, userId, started().ctx.clock.now()),
    lowMails: async (userId) => await OutboxMail.query(started().ctx.db).where({ userId, kind: 'balance-low' }).orderBy('id'),
  };
}
