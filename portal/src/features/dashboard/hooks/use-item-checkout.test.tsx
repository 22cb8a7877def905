// @vitest-environment jsdom
// useItemCheckout (decision 259), for leads and for appointments: nothing chosen says so in the kind's
// words and sends nothing; a start sends the chosen ids (and for appointments the amount the cart showed,
// from the listed prices) and opens on the server's order; a refusal says why (a sold-out lead selection
// is emptied); a paid checkout is recorded through the server and told in the kind's words, a recording
// failure with the spec's text; closing releases the hold; the return from a redirect is recorded.
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { NO_LEADS_SELECTED } from '@tm/shared/schemas/leads';
import { EMPTY_CART_MESSAGE } from '@tm/shared/schemas/dashboard';
import { createQueryClient } from '../../../lib/query-client.ts';
import { ToastProvider } from '../../../components/toast.tsx';
import { NO_CLIENT_SECRET_TEXT, RECORD_FAILED_TEXT } from '../../../lib/messages.ts';
import { renderScreen, stubApi, type ApiAnswer, CHECKOUT_PATHS, preferReducedMotion } from '../../../test/render.tsx';
import { useItemCheckout, useReturnedItemPayment } from './use-item-checkout.ts';

beforeEach(preferReducedMotion);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const KINDS = [
  {
    kind: 'lead' as const,
    ...CHECKOUT_PATHS.lead,
    body: { leadIds: [1, 2] },
    empty: ['No Leads Selected', NO_LEADS_SELECTED],
    refused: 'Bulk Purchase Failed',
    fallback: 'Failed to purchase leads',
    recorded: ['Bulk Purchase Successful', '2 leads purchased. You can find them in My Leads.'],
    clearedOnConflict: true,
  },
  {
    kind: 'appointment' as const,
    ...CHECKOUT_PATHS.appointment,
    // The amount the cart showed, in dollars, from the prices the list gave (1000 + 450 cents).
    body: { appointmentIds: [1, 2], amount: 14.5 },
    empty: ['Empty Cart', EMPTY_CART_MESSAGE],
    refused: 'Error',
    fallback: 'Failed to initiate payment',
    recorded: ['Payment Successful', 'Your order has been processed successfully.'],
    clearedOnConflict: false,
  },
];

const ORDER = { orderId: 41, clientSecret: 'pi_test_41_secret_x', paymentIntentId: 'pi_test_41', amount: 1450, currency: 'usd', testMode: true };
const RECORDED = { success: true, recorded: true, orderId: 41, status: 'paid', itemIds: [1, 2] };

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}

function chooseTwo(result: { current: ReturnType<typeof useItemCheckout> }) {
  act(() => result.current.cart.add({ id: 1, priceCents: 1000 }));
  act(() => result.current.cart.add({ id: 2, priceCents: 450 }));
}

const toastText = async () => (await screen.findByTestId('toast')).textContent ?? '';

describe.each(KINDS)('useItemCheckout($kind)', (k) => {
  const routes = (over: Record<string, ApiAnswer> = {}) =>
    stubApi({
      [`POST ${k.create}`]: [201, ORDER],
      [`POST ${k.confirm}`]: [200, RECORDED],
      [`POST ${k.cancel}`]: [200, { status: 'canceled' }],
      ...over,
    });

  it('with nothing chosen says so in its words and sends nothing', async () => {
    const api = routes();
    const { result } = renderHook(() => useItemCheckout(k.kind), { wrapper });
    await act(() => result.current.start());
    const text = await toastText();
    for (const w of k.empty) expect(text).toContain(w);
    expect(api.sent('POST', k.create)).toHaveLength(0);
    expect(result.current.open).toBeNull();
  });

  it("sends the chosen ids and opens on the server's order; paid, it is recorded by the server and the cart empties", async () => {
    const api = routes();
    const { result } = renderHook(() => useItemCheckout(k.kind), { wrapper });
    chooseTwo(result);
    await act(() => result.current.start());
    expect(api.sent('POST', k.create).map((c) => c.body)).toEqual([k.body]);
    expect(result.current.open).toMatchObject({ paymentIntentId: 'pi_test_41', amount: 1450, items: [{ id: 1 }, { id: 2 }] });
    await act(() => result.current.paid('pi_test_41'));
    expect(api.sent('POST', k.confirm).map((c) => c.body)).toEqual([{ payment_intent_id: 'pi_test_41' }]);
    const text = await toastText();
    for (const w of k.recorded) expect(text).toContain(w);
    expect(result.current.open).toBeNull();
    expect(result.current.cart.count).toBe(0);
  });

  it('a payment the server cannot record says so with the spec text', async () => {
    routes({ [`POST ${k.confirm}`]: [409, { error: 'Failed to record purchase' }] });
    const { result } = renderHook(() => useItemCheckout(k.kind), { wrapper });
    chooseTwo(result);
    await act(() => result.current.start());
    await act(() => result.current.paid('pi_test_41'));
    const text = await toastText();
    expect(text).toContain('Error');
    expect(text).toContain(RECORD_FAILED_TEXT);
  });

  it('closing the payment form releases the hold and keeps the cart', async () => {
    const api = routes();
    const { result } = renderHook(() => useItemCheckout(k.kind), { wrapper });
    chooseTwo(result);
    await act(() => result.current.start());
    act(() => result.current.close());
    expect(result.current.open).toBeNull();
    await vi.waitFor(() => expect(api.sent('POST', k.cancel).map((c) => c.body)).toEqual([{ payment_intent_id: 'pi_test_41' }]));
    expect(result.current.cart.count).toBe(2);
  });

  it(`a refusal says why under "${k.refused}"; items just sold ${k.clearedOnConflict ? 'empty' : 'keep'} the cart`, async () => {
    routes({ [`POST ${k.create}`]: [409, { error: 'Some of these were just sold. Please choose again.' }] });
    const { result } = renderHook(() => useItemCheckout(k.kind), { wrapper });
    chooseTwo(result);
    await act(() => result.current.start());
    const text = await toastText();
    expect(text).toContain(k.refused);
    expect(text).toContain('Some of these were just sold. Please choose again.');
    expect(result.current.open).toBeNull();
    expect(result.current.cart.count).toBe(k.clearedOnConflict ? 0 : 2);
  });

  it('an order without a client secret, or an answer that is no order, is refused in the spec words', async () => {
    routes({ [`POST ${k.create}`]: [201, { ...ORDER, clientSecret: '' }] });
    const { result } = renderHook(() => useItemCheckout(k.kind), { wrapper });
    chooseTwo(result);
    await act(() => result.current.start());
    expect(await toastText()).toContain(NO_CLIENT_SECRET_TEXT);
    expect(result.current.open).toBeNull();
    cleanup();
    // The answer is parsed with the shared schema: one that is not an order is no order.
    routes({ [`POST ${k.create}`]: [201, { orderId: 41, amount: '14.50' }] });
    const again = renderHook(() => useItemCheckout(k.kind), { wrapper });
    chooseTwo(again.result);
    await act(() => again.result.current.start());
    const text = await toastText();
    expect(text).toContain(k.refused);
    expect(text).toContain(k.fallback);
    expect(again.result.current.open).toBeNull();
  });
});

function Returned({ kind }: { kind: 'lead' | 'appointment' }) {
  useReturnedItemPayment(kind);
  return <p>panel</p>;
}

describe.each(KINDS)('useReturnedItemPayment($kind)', (k) => {
  it('back from a redirect, asks the server to record the payment and tells it in the kind words', async () => {
    const api = stubApi({ [`POST ${k.confirm}`]: [200, RECORDED] });
    renderScreen(<Returned kind={k.kind} />, { path: '/dashboard?tab=x&payment_intent=pi_back&redirect_status=succeeded', route: '/dashboard' });
    const text = await toastText();
    for (const w of k.recorded) expect(text).toContain(w);
    expect(api.sent('POST', k.confirm).map((c) => c.body)).toEqual([{ payment_intent_id: 'pi_back' }]);
  });
});
