// @vitest-environment jsdom
// The return page's order (issue 25 items 1 and 3) against the real API: a real test app on a real
// database with the payment emulator, the island's requests forwarded to it unchanged. After a declined
// card and then a good one, with the success event still on its way, the page reads the latest attempt
// from the server and says paid; a paid order that made the buyer's account says so, and one bought by
// a logged-in agent does not.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createTestApp, loginAs, makeUser, type TestContext } from '../../../api/src/test/harness.ts';
import { checkoutBuyer } from '../../../api/src/test/proof-fixtures.ts';
import OrderSummary from './OrderSummary.tsx';

const SLOW = { timeout: 15_000 };
const DECLINED = '4000 0000 0000 0002';
const GOOD = '4242 4242 4242 4242';
const NOTE = 'An account was made for you.';

let ctx: TestContext;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The island's requests go to the test app as they are (no answer is made up here). */
function forwardToApp() {
  const seen: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const u = new URL(url, 'http://page.test');
    seen.push(`${init?.method ?? 'GET'} ${u.pathname}`);
    return realFetch(`${ctx.baseUrl}${u.pathname}${u.search}`, { method: init?.method, headers: init?.headers, body: init?.body });
  });
  return seen;
}

async function confirm(clientSecret: string, card: string) {
  return request(ctx.app).post('/api/test-payments/confirm').send({ clientSecret, cardNumber: card, expiry: '12/40', cvc: '123' });
}

function openReturnPage(intentId: string) {
  window.history.replaceState({}, '', `/thank-you?payment_intent=${intentId}&redirect_status=succeeded`);
  render(<OrderSummary withHeading paidTitle="Payment Successful!" accountNote={NOTE} />);
}

describe('OrderSummary on the return page', () => {
  it('after a decline and then a good card, with the success event late, shows paid and the new account', async () => {
    const created = await request(ctx.app)
      .post('/api/create-payment-intent')
      .send({ callCount: 2, ...checkoutBuyer() });
    expect(created.status).toBe(200);
    const secret = String(created.body.clientSecret);
    const intentId = secret.split('_secret_')[0]!;
    expect((await confirm(secret, DECLINED)).status).toBe(402);
    await ctx.emulator.flush();
    expect((await request(ctx.app).get(`/api/orders/by-intent/${intentId}`)).body.status).toBe('failed');

    ctx.emulator.holdWebhooks();
    try {
      expect((await confirm(secret, GOOD)).status).toBe(200);
      const seen = forwardToApp();
      openReturnPage(intentId);
      await waitFor(() => expect(screen.getByTestId('outcome-title').textContent).toBe('Payment Successful!'), SLOW);
      expect(screen.getByTestId('order-status').textContent).toBe('Paid');
      expect(screen.queryByText(/declined/i)).toBeNull();
      expect(screen.getByTestId('account-note').textContent).toBe(NOTE);
      expect(seen).toContain('POST /api/orders/check');
    } finally {
      ctx.emulator.releaseWebhooks();
      await ctx.emulator.flush();
    }
  });

  it('a paid order that made no account shows the same note: the page cannot tell who had an account (issue 35 A9)', async () => {
    const u = await makeUser(ctx.db);
    const agent = await loginAs(ctx.app, u.email, u.password);
    const created = await agent.post('/api/create-payment-intent').send({ callCount: 2 });
    expect(created.status).toBe(200);
    const secret = String(created.body.clientSecret);
    expect((await confirm(secret, GOOD)).status).toBe(200);
    await ctx.emulator.flush();
    forwardToApp();
    openReturnPage(secret.split('_secret_')[0]!);
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Paid'), SLOW);
    expect(screen.getByTestId('account-note').textContent).toBe(NOTE);
  });
});
