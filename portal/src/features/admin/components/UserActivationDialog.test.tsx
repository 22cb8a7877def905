// @vitest-environment jsdom
// Issue 36 point 6: the deactivation dialog shows the buyer's open balance and offers to refund its
// unused part; the refund is asked for only when the admin ticks it.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AdminUser } from '@tm/shared/schemas/admin';
import { UserActivationDialog } from './UserActivationDialog.tsx';
import { polyfillDialog, renderScreen, stubApi } from '../../../test/render.tsx';

beforeAll(polyfillDialog);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = { id: 7, firstName: 'Dana', lastName: 'Buyer', email: 'dana@example.com' } as AdminUser;
const open = {
  userId: 7,
  transfersRemaining: 8,
  refundableCents: 32_000,
  lots: [{ orderId: 3, label: '10 transfers', remaining: 8, unitPriceCents: 4000, refundableCents: 32_000 }],
};

describe('the deactivation dialog', () => {
  it('shows the open balance and, ticked, deactivates with the refund of the unused part', async () => {
    const api = stubApi({
      'GET /api/admin/users/7/open-balance': [200, open],
      'POST /api/admin/users/7/deactivate': [200, { user, refunds: [] }],
    });
    renderScreen(<UserActivationDialog shown={{ user, action: 'deactivate' }} onClose={() => {}} />, { path: '/admin' });
    await screen.findByText(/unused transfers/);
    expect(screen.getByTestId('open-balance').textContent).toContain('Open balance: 8 unused transfers ($320.00 refundable).');
    fireEvent.click(screen.getByLabelText(/Refund the unused part/));
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(api.sent('POST', '/api/admin/users/7/deactivate')).toHaveLength(1));
    expect(api.sent('POST', '/api/admin/users/7/deactivate')[0]!.body).toEqual({ refundUnused: true });
  });

  it('unticked, deactivates without a refund; with nothing open, says so and offers none', async () => {
    const api = stubApi({
      'GET /api/admin/users/7/open-balance': [200, open],
      'POST /api/admin/users/7/deactivate': [200, { user }],
    });
    renderScreen(<UserActivationDialog shown={{ user, action: 'deactivate' }} onClose={() => {}} />, { path: '/admin' });
    await screen.findByText(/unused transfers/);
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(api.sent('POST', '/api/admin/users/7/deactivate')).toHaveLength(1));
    expect(api.sent('POST', '/api/admin/users/7/deactivate')[0]!.body).toBeNull();
    cleanup();

    stubApi({ 'GET /api/admin/users/7/open-balance': [200, { userId: 7, transfersRemaining: 0, refundableCents: 0, lots: [] }] });
    renderScreen(<UserActivationDialog shown={{ user, action: 'deactivate' }} onClose={() => {}} />, { path: '/admin' });
    await screen.findByText('No open balance: nothing to refund.');
    expect(screen.queryByLabelText(/Refund the unused part/)).toBeNull();
  });
});
