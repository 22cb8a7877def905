// @vitest-environment jsdom
// Issue 36 point 4: the buyer-price editor on the admin's user page lists the buyer's prices, sends a kind,
// a state and whole cents for a price typed in dollars, refuses a price it cannot read or out of bounds
// without sending it, shows the server's refusal of a field, and edits and removes a price by its id.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BUYER_PRICE_RANGE_MESSAGE, type BuyerPricesView } from '@tm/shared/schemas/buyer-prices';
import { BuyerPricesPanel } from './BuyerPricesPanel.tsx';
import { enterValue, renderScreen, stubApi } from '../../../test/render.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const kindPrice = { id: 1, kind: 'aged_lead', state: null, priceCents: 800, updatedAt: null };
const txPrice = { id: 2, kind: 'aged_lead', state: 'TX', priceCents: 725, updatedAt: null };
const view = (...prices: object[]) => ({ prices }) as BuyerPricesView;

describe('the buyer-price editor', () => {
  it('lists the prices and sets a Texas price in whole cents', async () => {
    const api = stubApi({
      'GET /api/admin/users/7/prices': [200, view(kindPrice)],
      'PUT /api/admin/users/7/prices': [200, view(kindPrice, txPrice)],
    });
    renderScreen(<BuyerPricesPanel userId={7} />, { path: '/admin' });
    const first = await screen.findAllByTestId('buyer-price-row');
    expect(first.map((r) => r.textContent)).toEqual([expect.stringContaining('Aged leadsAll states$8.00')]);
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'aged_lead' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'TX' } });
    enterValue(screen.getByLabelText('Price (USD)'), '$7.25');
    fireEvent.click(screen.getByRole('button', { name: 'Save price' }));
    await waitFor(() => expect(api.sent('PUT', '/api/admin/users/7/prices')).toHaveLength(1));
    expect(api.sent('PUT', '/api/admin/users/7/prices')[0]!.body).toEqual({ kind: 'aged_lead', state: 'TX', priceCents: 725 });
    await waitFor(() => expect(screen.getAllByTestId('buyer-price-row')).toHaveLength(2));
    expect(screen.getAllByTestId('buyer-price-row')[1]!.textContent).toContain('TX$7.25');
    expect((screen.getByLabelText('Price (USD)') as HTMLInputElement).value).toBe('');
  });

  it('refuses a price it cannot read or out of bounds without sending it, and shows a field the server refuses', async () => {
    const api = stubApi({
      'GET /api/admin/users/7/prices': [200, view()],
      'PUT /api/admin/users/7/prices': [400, { error: 'priceCents: nope', fields: { priceCents: 'Refused by the server' } }],
    });
    renderScreen(<BuyerPricesPanel userId={7} />, { path: '/admin' });
    await screen.findByText(/No prices of their own/);
    const price = screen.getByLabelText('Price (USD)');
    enterValue(price, 'seven');
    fireEvent.click(screen.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText('Enter a price in dollars such as 7 or 7.25')).toBeTruthy();
    enterValue(price, '0.50');
    fireEvent.click(screen.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText(BUYER_PRICE_RANGE_MESSAGE)).toBeTruthy();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('PUT', '/api/admin/users/7/prices')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'appointment' } });
    enterValue(price, '9');
    fireEvent.click(screen.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText('Refused by the server')).toBeTruthy();
    expect(api.sent('PUT', '/api/admin/users/7/prices')[0]!.body).toEqual({ kind: 'appointment', state: null, priceCents: 900 });
  });

  it('edits a price (the form takes its kind, state and amount) and removes one by its id', async () => {
    const api = stubApi({
      'GET /api/admin/users/7/prices': [200, view(kindPrice, txPrice)],
      'DELETE /api/admin/users/7/prices/2': [200, view(kindPrice)],
    });
    renderScreen(<BuyerPricesPanel userId={7} />, { path: '/admin' });
    const rows = await screen.findAllByTestId('buyer-price-row');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Edit the price of Aged leads in TX' }));
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('TX');
    expect((screen.getByLabelText('Price (USD)') as HTMLInputElement).value).toBe('7.25');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Remove the price of Aged leads in TX' }));
    await waitFor(() => expect(api.sent('DELETE', '/api/admin/users/7/prices/2')).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByTestId('buyer-price-row')).toHaveLength(1));
  });
});
