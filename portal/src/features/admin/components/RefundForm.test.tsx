// @vitest-environment jsdom
// Admin > Orders > Refund on the one form pattern (decision 257): the amount and the reason are checked
// for this order before the confirmation opens (messages under their fields, nothing sent), and a refusal
// the server gives after the confirmation shows on the form.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { REFUND_REASON_REQUIRED, type AdminOrderDetail } from '@tm/shared/schemas/admin-business';
import { RefundForm } from './RefundForm.tsx';
import { polyfillDialog, renderScreen, stubApi, enterValue, type ApiAnswer } from '../../../test/render.tsx';

beforeAll(polyfillDialog);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// 10 transfers at $40, 4 used: $240 can be refunded taking the 6 unused back, $160 more only as money.
const order = {
  id: 41,
  buyer: { id: 3, name: 'Cora Confirm', email: 'cora@example.com', phone: null },
  count: 10,
  amountCents: 40_000,
  refundedCents: 0,
  refundableCents: 40_000,
  transferRefundableCents: 24_000,
  moneyOnlyRefundableCents: 16_000,
  transfers: { count: 10, used: 4, refunded: 0, remaining: 6 },
  refunds: [],
  cardLast4: '4242',
} as unknown as AdminOrderDetail;

const PATH = '/api/admin/orders/41/refunds';
function open(answer: ApiAnswer = [200, {}]) {
  const api = stubApi({ [`POST ${PATH}`]: answer });
  renderScreen(<RefundForm order={order} />, { path: '/admin' });
  return { api, form: screen.getByRole('form', { name: 'Refund' }) };
}
const refund = (form: HTMLElement) => fireEvent.click(within(form).getByRole('button', { name: 'Refund' }));

describe('Refund form', () => {
  it('checks the amount against what this order can give back, under the amount, and sends nothing', async () => {
    const { api, form } = open();
    fireEvent.click(within(form).getByLabelText('Part of it'));
    enterValue(await within(form).findByLabelText('Amount to refund (USD)'), '250.00');
    refund(form);
    expect(await within(form).findByText('At most $240.00 can be refunded')).toBeTruthy();
    expect(within(form).getByLabelText('Amount to refund (USD)').getAttribute('aria-invalid')).toBe('true');
    enterValue(within(form).getByLabelText('Amount to refund (USD)'), 'twelve');
    refund(form);
    expect(await within(form).findByText('Enter an amount in dollars, e.g. 25.00')).toBeTruthy();
    expect(screen.queryByTestId('refund-confirm')).toBeNull();
    expect(api.sent('POST', PATH)).toHaveLength(0);
  });

  it('asks for the reason of a money-only refund under Reason', async () => {
    const { api, form } = open();
    fireEvent.click(within(form).getByLabelText(/Money only/));
    enterValue(await within(form).findByLabelText('Amount to refund (USD)'), '50');
    refund(form);
    expect(await within(form).findByText(REFUND_REASON_REQUIRED)).toBeTruthy();
    expect(within(form).getByLabelText('Reason (required)').getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('POST', PATH)).toHaveLength(0);
  });

  it("sends what was confirmed, and shows the server's refusal on the form", async () => {
    const { api, form } = open([409, { error: 'The payment provider refused the refund: charge disputed' }]);
    fireEvent.click(within(form).getByLabelText('Part of it'));
    enterValue(await within(form).findByLabelText('Amount to refund (USD)'), '120');
    refund(form);
    const confirm = await screen.findByTestId('refund-confirm');
    expect(within(confirm).getByTestId('refund-confirm-takes').textContent).toBe("It takes 3 transfers out of the agent's balance (6 unused now, 3 after).");
    fireEvent.click(within(confirm).getByRole('button', { name: 'Refund $120.00' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('The payment provider refused the refund: charge disputed');
    expect(api.sent('POST', PATH).map((c) => (c.body as { amountCents: number }).amountCents)).toEqual([12_000]);
  });
});
