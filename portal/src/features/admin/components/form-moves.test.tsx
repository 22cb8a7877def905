// @vitest-environment jsdom
// Forms moved onto <Form schema> (issue 39 point 1, decision 258): their checks now come from the form's
// schema, shown on the form, and nothing is sent while they fail.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { THRESHOLD_MESSAGE } from '@tm/shared/schemas/buyer-balance';
import { LowBalanceBuyers } from './LowBalanceBuyers.tsx';
import { BulkAssign } from './BulkAssign.tsx';
import { renderScreen, stubApi, enterValue } from '../../../test/render.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const buyer = { userId: 7, name: 'Dana Buyer', email: 'dana@example.com', balance: 2, threshold: 5, lastPaidAt: null };

describe('the low-balance threshold cell', () => {
  it('says what a threshold must be under the cell and sends nothing, then sends a whole number', async () => {
    const api = stubApi({
      'GET /api/admin/low-balance': [200, { items: [buyer] }],
      'PUT /api/admin/users/7/low-balance-threshold': [200, { userId: 7, threshold: 3 }],
    });
    renderScreen(<LowBalanceBuyers />, { path: '/admin' });
    const input = await screen.findByLabelText('Low-balance threshold of Dana Buyer');
    enterValue(input, '-1');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(THRESHOLD_MESSAGE)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('PUT', '/api/admin/users/7/low-balance-threshold')).toHaveLength(0);
    enterValue(input, '3');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT', '/api/admin/users/7/low-balance-threshold')).toHaveLength(1));
    expect(api.sent('PUT', '/api/admin/users/7/low-balance-threshold')[0]!.body).toEqual({ threshold: 3 });
  });
});

describe('Assign by filter', () => {
  it('says Choose an agent when Preview is pressed without one, and sends nothing', async () => {
    const api = stubApi({ 'GET /api/admin/assignment-batches': [200, { items: [], total: 0, page: 1, pageSize: 20, pageCount: 0 }] });
    renderScreen(<BulkAssign kind="leads" />, { path: '/admin' });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByText('Choose an agent')).id).toBe('bulk-leads-agentId-error');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
