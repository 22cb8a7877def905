// @vitest-environment jsdom
// The one CheckoutModal (decision 259), for leads and for appointments, in test-payment mode: the kind's
// title, the count, the server's total (not the cart's sum) and its pay button; the test card pays, the
// server records the purchase, the modal closes and the cart empties; a declined card says Payment
// Failed with the provider's words and leaves the form open; Cancel releases the hold.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TEST_MODE_LABEL } from '@tm/shared/ui/PaymentForm';
import { renderScreen, stubApi, polyfillDialog, enterValue, CHECKOUT_PATHS, preferReducedMotion } from '../../../test/render.tsx';
import { useItemCheckout } from '../hooks/use-item-checkout.ts';
import type { ItemKind } from '../api/item-checkout.ts';
import { CheckoutModal } from './CheckoutModal.tsx';

beforeEach(() => {
  polyfillDialog();
  preferReducedMotion();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const KINDS = [
  {
    kind: 'lead' as const,
    ...CHECKOUT_PATHS.lead,
    title: 'Complete Your Lead Purchase',
    itemsLabel: 'Leads',
    count: '2',
    total: '$18.00',
    pay: 'Pay $18.00',
    recorded: 'Bulk Purchase Successful',
  },
  {
    kind: 'appointment' as const,
    ...CHECKOUT_PATHS.appointment,
    title: 'Complete Your Appointment Purchase',
    itemsLabel: 'Appointments',
    count: '2 × $10',
    total: '$18',
    pay: 'Complete Purchase',
    recorded: 'Payment Successful',
  },
];

/** A panel reduced to its checkout: two items listed at $10, a start button, the cart count and the modal. */
function Harness({ kind }: { kind: ItemKind }) {
  const checkout = useItemCheckout(kind);
  return (
    <>
      <button type="button" onClick={() => [1, 2].forEach((id) => checkout.cart.add({ id, priceCents: 1000 }))}>
        Choose two
      </button>
      <button type="button" onClick={() => void checkout.start()}>
        Start
      </button>
      <span data-testid="cart">{checkout.cart.count}</span>
      <CheckoutModal checkout={checkout} returnPath="/dashboard?tab=here" />
    </>
  );
}

// The server prices the order itself: here at $18, not the $20 the list showed.
const ORDER = { orderId: 9, clientSecret: 'pi_test_9_secret_x', paymentIntentId: 'pi_test_9', amount: 1800, currency: 'usd', testMode: true };

describe.each(KINDS)('CheckoutModal ($kind)', (k) => {
  async function open(declined = false) {
    const api = stubApi({
      'GET /api/stripe/public-key': [200, { publicKey: null, testMode: true }],
      [`POST ${k.create}`]: [201, ORDER],
      'POST /api/test-payments/confirm': declined ? [402, { error: 'Your card was declined.' }] : [200, { paymentIntentId: 'pi_test_9', status: 'succeeded' }],
      [`POST ${k.confirm}`]: [200, { success: true, recorded: true, orderId: 9, status: 'paid', itemIds: [1, 2] }],
      [`POST ${k.cancel}`]: [200, { status: 'canceled' }],
    });
    renderScreen(<Harness kind={k.kind} />, { path: '/dashboard' });
    fireEvent.click(screen.getByRole('button', { name: 'Choose two' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    const dialog = await screen.findByRole('dialog', { name: k.title });
    await within(dialog).findByText(TEST_MODE_LABEL);
    return { api, dialog };
  }

  async function payWithCard(dialog: HTMLElement, number: string) {
    enterValue(within(dialog).getByLabelText('Card number'), number);
    enterValue(within(dialog).getByLabelText('Expiry (MM / YY)'), '12 / 34');
    enterValue(within(dialog).getByLabelText('CVC'), '123');
    const pay = within(dialog).getByRole('button', { name: k.pay });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pay);
  }

  it("shows the kind's title, the count and the server's total, and pays with the test card", async () => {
    const { api, dialog } = await open();
    expect(within(dialog).getByText(k.itemsLabel)).toBeTruthy();
    expect(within(dialog).getByTestId('checkout-count').textContent).toBe(k.count);
    expect(within(dialog).getByTestId('checkout-total').textContent).toBe(k.total);
    await payWithCard(dialog, '4242 4242 4242 4242');
    expect((await screen.findByTestId('toast')).textContent).toContain(k.recorded);
    expect(api.sent('POST', k.confirm).map((c) => c.body)).toEqual([{ payment_intent_id: 'pi_test_9' }]);
    expect(api.sent('POST', '/api/test-payments/confirm')[0]!.body).toMatchObject({
      clientSecret: 'pi_test_9_secret_x',
      returnUrl: 'http://localhost:3000/dashboard?tab=here',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: k.title })).toBeNull());
    expect(screen.getByTestId('cart').textContent).toBe('0');
  });

  it("a declined card says Payment Failed with the provider's words and leaves the form open", async () => {
    const { api, dialog } = await open(true);
    await payWithCard(dialog, '4000 0000 0000 0002');
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Payment Failed');
    expect(toast.textContent).toContain('Your card was declined.');
    expect(screen.getByRole('dialog', { name: k.title })).toBeTruthy();
    expect(api.sent('POST', k.confirm)).toHaveLength(0);
    expect(screen.getByTestId('cart').textContent).toBe('2');
  });

  it('Cancel releases the held items and closes the form; the cart stays', async () => {
    const { api, dialog } = await open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: k.title })).toBeNull());
    await waitFor(() => expect(api.sent('POST', k.cancel).map((c) => c.body)).toEqual([{ payment_intent_id: 'pi_test_9' }]));
    expect(screen.getByTestId('cart').textContent).toBe('2');
  });
});
