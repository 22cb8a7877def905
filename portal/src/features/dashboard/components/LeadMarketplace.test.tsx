// @vitest-environment jsdom
// Buy Leads / Buy Aged Leads, the buy form an agent meets first: bad filters are named under their
// field and never sent, buying with nothing selected says so with the product's words, and a refused
// purchase says why and clears the selection.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { AGE_FILTER_MESSAGE } from '@tm/shared/logic/age-filter';
import { NO_LEADS_SELECTED, STATE_FILTER_MESSAGE, ZIP_FILTER_MESSAGE, type LeadForSale } from '@tm/shared/schemas/leads';
import { LEAD_DEFAULT_PRICE_CENTS } from '@tm/shared';
import { LeadMarketplace } from './LeadMarketplace.tsx';
import { renderScreen, stubApi, type ApiAnswer, enterValue } from '../../../test/render.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lead = (id: number, name: string, state: string): LeadForSale => ({
  id,
  customerName: name,
  customerState: state,
  zipCode: '78701',
  currentAgeRange: '30-60',
  actualAge: 45,
  priceCents: LEAD_DEFAULT_PRICE_CENTS,
  callDuration: null,
  hasRecording: false,
  formFillTime: null,
  consent: null,
  timesSoldBefore: 0,
  exclusive: false,
  isAvailable: true,
});

async function openAged(purchase: ApiAnswer = [500, { error: 'not expected' }]) {
  const api = stubApi({
    'GET /api/aged-leads': [200, { items: [lead(1, 'Ann SmX', 'TX'), lead(2, 'Bob JoX', 'FL')], total: 2, page: 1, pageSize: 50, pageCount: 1 }],
    'POST /api/bulk-purchase-leads': purchase,
  });
  renderScreen(<LeadMarketplace kind="aged" />, { path: '/dashboard?tab=buy-aged-leads', route: '/dashboard' });
  await screen.findByText('2 leads available');
  return api;
}
const helpOf = (label: string) => {
  const input = screen.getByLabelText(label);
  return document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? null;
};

describe('Buy Aged Leads', () => {
  it('says how the list is ordered: youngest first (decision 140)', async () => {
    await openAged();
    expect(screen.getByText(/Youngest leads first \(the newest listing first among leads of the same age\)/)).toBeTruthy();
  });

  it('says No Leads Selected when nothing is selected, and sends nothing', async () => {
    const api = await openAged();
    fireEvent.click(screen.getByRole('button', { name: 'Purchase Selected Leads' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('No Leads Selected');
    expect(toast.textContent).toContain(NO_LEADS_SELECTED);
    expect(api.sent('POST', '/api/bulk-purchase-leads')).toHaveLength(0);
  });

  it('names bad filters under their field and never sends them', async () => {
    const api = await openAged();
    enterValue(screen.getByLabelText('State'), 'Texas');
    enterValue(screen.getByLabelText('Age (days)'), 'old');
    enterValue(screen.getByLabelText('Zip Code'), '7870');
    expect(helpOf('State')).toBe(STATE_FILTER_MESSAGE);
    expect(helpOf('Age (days)')).toBe(AGE_FILTER_MESSAGE);
    expect(helpOf('Zip Code')).toBe(ZIP_FILTER_MESSAGE);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Invalid Filters');
    await new Promise((r) => setTimeout(r, 600));
    expect(api.sent('GET', '/api/aged-leads').filter((c) => /Texas|old|7870/.test(c.query))).toEqual([]);
  });

  it('totals the selection, sends the chosen leads and, when they are gone, says why and clears the selection', async () => {
    const api = await openAged([409, { error: 'Some of these leads were just sold. Please choose again.' }]);
    fireEvent.click(screen.getByRole('checkbox', { name: /^Select Ann SmX/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^Select Bob JoX/ }));
    expect(screen.getByTestId('selected-total').textContent).toBe('$20.00');
    fireEvent.click(screen.getByRole('button', { name: 'Purchase Selected Leads' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Bulk Purchase Failed');
    expect(toast.textContent).toContain('Some of these leads were just sold. Please choose again.');
    expect(api.sent('POST', '/api/bulk-purchase-leads').map((c) => c.body)).toEqual([{ leadIds: [1, 2] }]);
    await vi.waitFor(() => expect(screen.getByTestId('selected-total').textContent).toBe('$0.00'));
  });
});
