// @vitest-environment jsdom
// The transfer checkout as a buyer meets it (issue 18 item 5): a count that cannot be bought says why
// and the total keeps its real figure, a fraction is refused, a buyer who leaves their details out is
// told which ones and nothing is sent, and the order summary (the cart) shows what the server charges.
// Only the network is stubbed: the island, its store, the catalogue and the schemas are the real ones.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { TIERS } from '@tm/shared';
import TransferCheckout from './TransferCheckout.tsx';
import { copyFor } from './copy.ts';

/** Schemas and the payment form are imported on demand: allow for a busy machine. */
const SLOW = { timeout: 15_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The API as the island sees it: test-payment mode, nobody logged in, an intent for whatever is asked. */
function stubApi(user: unknown = null) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/api/stripe/public-key')) return json({ publicKey: null, testMode: true });
    if (url.endsWith('/api/current-user')) return user ? json(user) : json({ error: 'Not logged in' }, 401);
    if (url.endsWith('/api/create-payment-intent')) {
      const body = JSON.parse(String(init?.body)) as { callCount: number };
      return json({ clientSecret: 'pi_test_secret_x', orderId: 7, amount: body.callCount * TIERS.standard.rateCents, currency: 'usd', testMode: true });
    }
    return json({ error: 'not stubbed' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  const intents = () => fetch.mock.calls.filter((c) => String(c[0]).endsWith('/api/create-payment-intent'));
  return { fetch, intents };
}

async function renderCheckout(page: 'standard' | 'premium' | 'high-volume' = 'standard', user: unknown = null) {
  const api = stubApi(user);
  render(<TransferCheckout page={page} copy={copyFor(page)} />);
  const count = screen.getByLabelText('How many transfers would you like to purchase?');
  await waitFor(() => expect((count as HTMLInputElement).disabled).toBe(false), SLOW);
  // The buyer step (or "Buying as") appears once the island knows who is logged in.
  await screen.findByTestId('checkout-buyer', undefined, SLOW);
  return {
    ...api,
    count,
    proceed: screen.getByRole('button', { name: 'Proceed to Payment' }),
    total: () => document.querySelector('.checkout-total-amount')?.textContent,
  };
}

describe('TransferCheckout', () => {
  it('an over-maximum count names the maximum, keeps its real total and cannot proceed', async () => {
    const { count, proceed, total } = await renderCheckout();
    fireEvent.change(count, { target: { value: '1500' } });
    expect(screen.getByRole('alert').textContent).toBe('Maximum: 1000 transfers');
    expect(count.getAttribute('aria-invalid')).toBe('true');
    expect(count.getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id);
    expect(total()).toBe('$60,000');
    expect((proceed as HTMLButtonElement).disabled).toBe(true);
    // The bounds stay in view as the hint.
    expect(screen.getByText('Minimum: 1 transfer, Maximum: 1000 transfers')).toBeTruthy();
  });

  it('a count under the minimum names the minimum (high-volume: 50)', async () => {
    const { count, proceed, total } = await renderCheckout('high-volume');
    fireEvent.change(count, { target: { value: '20' } });
    expect(screen.getByRole('alert').textContent).toBe('Minimum: 50 transfers');
    expect(total()).toBe('$640');
    expect((proceed as HTMLButtonElement).disabled).toBe(true);
  });

  it('a fraction is refused with a message, never charged as the whole number below it', async () => {
    const { count, proceed, total, intents } = await renderCheckout('premium');
    fireEvent.change(count, { target: { value: '2.5' } });
    expect(screen.getByRole('alert').textContent).toBe('Enter a whole number of transfers');
    expect(total()).not.toBe('$0');
    expect(total()).not.toBe('$70');
    expect((proceed as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(proceed.closest('form')!);
    await new Promise((r) => setTimeout(r, 20));
    expect(intents()).toHaveLength(0);
    fireEvent.change(count, { target: { value: '3' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(total()).toBe('$105');
  });

  it('names each missing buyer field, announces it and sends nothing', async () => {
    const { proceed, intents } = await renderCheckout();
    fireEvent.click(proceed);
    const buyer = screen.getByTestId('checkout-buyer');
    await waitFor(() => expect(within(buyer).getAllByRole('alert').length).toBe(4), SLOW);
    expect(
      within(buyer)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual(['First name is required', 'Last name is required', 'Invalid email address', 'Phone number must be at least 10 digits']);
    expect(within(buyer).getByLabelText('First name').getAttribute('aria-invalid')).toBe('true');
    expect(intents()).toHaveLength(0);
  });

  it('focuses the first missing buyer field; typing in a field takes its message away, the others stay until the next try', async () => {
    const { proceed } = await renderCheckout();
    fireEvent.click(proceed);
    const buyer = screen.getByTestId('checkout-buyer');
    await waitFor(() => expect(within(buyer).getAllByRole('alert').length).toBe(4), SLOW);
    expect(document.activeElement).toBe(within(buyer).getByLabelText('First name'));
    fireEvent.change(within(buyer).getByLabelText('Email'), { target: { value: 'not-an-email' } });
    expect(
      within(buyer)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual(['First name is required', 'Last name is required', 'Phone number must be at least 10 digits']);
    fireEvent.click(proceed);
    await waitFor(() => expect(within(buyer).getAllByRole('alert').length).toBe(4), SLOW);
    expect(within(buyer).getByText('Invalid email address')).toBeTruthy();
  });

  it("the server's refusal of a buyer field shows on that field", async () => {
    const { count, fetch } = await renderCheckout();
    const buyer = screen.getByTestId('checkout-buyer');
    fireEvent.change(within(buyer).getByLabelText('First name'), { target: { value: 'Pat' } });
    fireEvent.change(within(buyer).getByLabelText('Last name'), { target: { value: 'Payer' } });
    fireEvent.change(within(buyer).getByLabelText('Email'), { target: { value: 'pat@example.com' } });
    fireEvent.change(within(buyer).getByLabelText('Phone'), { target: { value: '(555) 010-0166' } });
    const stubbed = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (url: string, init?: RequestInit) =>
      url.endsWith('/api/create-payment-intent')
        ? json({ error: 'email: That e-mail belongs to a staff account', fields: { email: 'That e-mail belongs to a staff account' } }, 400)
        : stubbed(url, init),
    );
    fireEvent.submit(count.closest('form')!);
    expect(await within(buyer).findByText('That e-mail belongs to a staff account', undefined, SLOW)).toBeTruthy();
    expect(within(buyer).getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeTruthy();
  });

  it('submitting the form (Enter) proceeds; the order summary shows what the server charges', async () => {
    const { count, intents } = await renderCheckout();
    fireEvent.change(count, { target: { value: '30' } });
    const buyer = screen.getByTestId('checkout-buyer');
    fireEvent.change(within(buyer).getByLabelText('First name'), { target: { value: 'Pat' } });
    fireEvent.change(within(buyer).getByLabelText('Last name'), { target: { value: 'Payer' } });
    fireEvent.change(within(buyer).getByLabelText('Email'), { target: { value: 'pat@example.com' } });
    fireEvent.change(within(buyer).getByLabelText('Phone'), { target: { value: '(555) 010-0166' } });
    fireEvent.submit(count.closest('form')!);

    await screen.findByRole('heading', { name: 'Order Summary' }, SLOW);
    expect(intents()).toHaveLength(1);
    expect(JSON.parse(String(intents()[0]![1]?.body))).toMatchObject({ callCount: 30, amount: 1200, firstName: 'Pat', email: 'pat@example.com' });
    const summary = screen.getByRole('heading', { name: 'Order Summary' }).parentElement!;
    expect(within(summary).getAllByText('$1,200')).toHaveLength(2);
    expect(within(summary).getByText('30')).toBeTruthy();
    expect(within(summary).getByText('$40')).toBeTruthy();
    // The payment form loads with the summary.
    expect(await screen.findByRole('button', { name: 'Complete Payment - $1,200' }, SLOW)).toBeTruthy();
  });

  it('a logged-in agent buys as themselves: no buyer fields, the count alone is checked', async () => {
    const { count, intents } = await renderCheckout('standard', { id: 1, firstName: 'Ann', lastName: 'Agent', email: 'ann@example.com', role: 'agent' });
    expect(screen.getByText(/Buying as/)).toBeTruthy();
    fireEvent.change(count, { target: { value: '2' } });
    fireEvent.submit(count.closest('form')!);
    await waitFor(() => expect(intents()).toHaveLength(1), SLOW);
    expect(JSON.parse(String(intents()[0]![1]?.body))).toEqual({ amount: 80, callCount: 2 });
  });
});
