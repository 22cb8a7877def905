// @vitest-environment jsdom
// Issue 36 point 7: the Orders tab's abandoned checkouts list the unpaid orders with their expiry, e-mail
// and product; "Re-send link" posts once and shows the server's refusal (the 24-hour limit) as it is.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { AbandonedCheckouts } from './AbandonedCheckouts.tsx';
import { polyfillDialog, renderScreen, stubApi } from '../../../test/render.tsx';

beforeAll(polyfillDialog);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const item = {
  orderId: 41,
  status: 'pending',
  createdAt: '2026-11-20T15:00:00.000Z',
  expiresAt: '2026-11-20T16:00:00.000Z',
  email: 'lena@example.com',
  userId: null,
  product: '30 transfers (Standard)',
  amountCents: 120_000,
  checkoutUrl: 'https://shop.example.com/checkout',
  lastLinkSentAt: null,
};
const page = { items: [item], total: 1, page: 1, pageSize: 20, pageCount: 1 };

describe('abandoned checkouts', () => {
  it('lists the order and re-sends its link; a refusal is shown as the server words it', async () => {
    let n = 0;
    const api = stubApi({
      'GET /api/admin/abandoned-checkouts': [200, page],
      'POST /api/admin/abandoned-checkouts/41/resend': () =>
        ++n === 1
          ? [201, { sentTo: 'lena@example.com', checkoutUrl: item.checkoutUrl }]
          : [409, { error: 'A checkout link was already sent to this buyer in the last 24 hours. Try again after later.' }],
    });
    renderScreen(<AbandonedCheckouts />, { path: '/admin' });
    const row = await screen.findByTestId('abandoned-row');
    expect(row.textContent).toContain('lena@example.com');
    expect(row.textContent).toContain('30 transfers (Standard)');
    expect(row.textContent).toContain('$1200.00');
    expect(row.textContent).toMatch(/Expires /);
    fireEvent.click(screen.getByRole('button', { name: 'Re-send link of order 41' }));
    await screen.findByText('To lena@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Re-send link of order 41' }));
    await screen.findByText(/already sent to this buyer in the last 24 hours/);
    await waitFor(() => expect(api.sent('POST', '/api/admin/abandoned-checkouts/41/resend')).toHaveLength(2));
  });
});
