// @vitest-environment jsdom
// Buy Aged Leads as an agent meets it: a total past the server's counting limit reads "10,000+", and
// the consent and times-sold filters are labelled and sent to the server as ?consent= and ?maxSold=.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { COUNT_LIMIT, pageOf } from '@tm/shared/schemas/paging';
import type { LeadForSale } from '@tm/shared/schemas/leads';
import { LeadMarketplace } from './LeadMarketplace.tsx';
import { enterValue } from '../../../test/render.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lead: LeadForSale = {
  id: 7,
  customerName: 'Harold ThX',
  customerState: 'TX',
  zipCode: '73301',
  currentAgeRange: '30-60',
  actualAge: 40,
  priceCents: 1000,
  callDuration: null,
  hasRecording: false,
  formFillTime: null,
  consent: 'trustedform',
  timesSoldBefore: 0,
  exclusive: false,
  isAvailable: true,
};

function renderMarketplace(total: number, totalCapped: boolean) {
  const fetch = vi.fn(async (url: string) => {
    const body = String(url).includes('/api/aged-leads') ? pageOf([lead], total, 1, 50, { totalCapped, nextCursor: null }) : {};
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  const router = createMemoryRouter([{ path: '/dashboard', element: <LeadMarketplace kind="aged" /> }], { initialEntries: ['/dashboard'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const listUrls = () => fetch.mock.calls.map((c) => String((c as unknown[])[0])).filter((u) => u.includes('/api/aged-leads'));
  return { listUrls };
}

describe('LeadMarketplace', () => {
  it('shows a capped total as "10,000+" and an exact one as it is', async () => {
    renderMarketplace(COUNT_LIMIT, true);
    expect(await screen.findByTestId('leads-total')).toHaveProperty('textContent', '10,000+ leads available');
    cleanup();
    renderMarketplace(1234, false);
    expect(await screen.findByTestId('leads-total')).toHaveProperty('textContent', '1,234 leads available');
  });

  it('sends the consent and times-sold filters to the server', async () => {
    const { listUrls } = renderMarketplace(3, false);
    await screen.findByTestId('leads-total');
    enterValue(screen.getByLabelText('Consent'), 'certificate');
    enterValue(screen.getByLabelText('Sold before'), '0');
    await waitFor(() => expect(listUrls().some((u) => u.includes('consent=certificate') && u.includes('maxSold=0'))).toBe(true), { timeout: 3000 });
  });
});
