// @vitest-environment jsdom
// Buy Aged Leads pages by cursor (decision 236): Next, Previous and the numbered buttons send the
// cursors the server answered (never a deep page number), the jump by age seeks, and a capped total
// still lets the agent read on.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { LEAD_DEFAULT_PRICE_CENTS } from '@tm/shared';
import type { LeadForSale } from '@tm/shared/schemas/leads';
import { COUNT_LIMIT, pageOf } from '@tm/shared/schemas/paging';
import { LeadMarketplace } from './LeadMarketplace.tsx';
import { renderScreen, stubApi } from '../../../test/render.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOP = 1_000_000;
const lead = (id: number): LeadForSale => ({
  id,
  customerName: `Lead ${id}`,
  customerState: 'TX',
  zipCode: '78701',
  currentAgeRange: '30-60',
  actualAge: 30 + Math.floor((TOP - id) / 100),
  priceCents: LEAD_DEFAULT_PRICE_CENTS,
  callDuration: null,
  hasRecording: false,
  formFillTime: null,
  consent: null,
  timesSoldBefore: 0,
  exclusive: false,
  isAvailable: true,
});

/** A list of 50,000 leads as the server pages it: ids TOP, TOP-1, ... in the list's order, 100 a day of age. */
function answer(query: string) {
  const q = new URLSearchParams(query);
  const size = Number(q.get('pageSize'));
  const skip = Number(q.get('skip') ?? 0);
  let start = 0;
  let page = Number(q.get('page'));
  if (q.get('after')) start = TOP - Number(q.get('after')) + 1 + skip;
  else if (q.get('before')) start = TOP - Number(q.get('before')) - size - skip;
  else if (q.get('fromAge')) start = (Number(q.get('fromAge')) - 30) * 100;
  else start = (page - 1) * size;
  if (start < 0) [start, page] = [0, 1];
  const items = Array.from({ length: size }, (_, i) => lead(TOP - start - i));
  const prevCursor = start > 0 ? String(items[0]!.id) : null;
  return pageOf(items, COUNT_LIMIT, page, size, { totalCapped: true, nextCursor: String(items.at(-1)!.id), prevCursor });
}

async function open() {
  const api = stubApi({ 'GET /api/aged-leads': () => [200, answer(api.sent('GET', '/api/aged-leads').at(-1)!.query)] });
  renderScreen(<LeadMarketplace kind="aged" />, { path: '/dashboard?tab=buy-aged-leads', route: '/dashboard' });
  await screen.findByText('Page 1 of 200+');
  const last = () => new URLSearchParams(api.sent('GET', '/api/aged-leads').at(-1)!.query);
  return { api, last };
}
const pager = () => screen.getByRole('navigation', { name: 'Buy Aged Leads pages' });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('Buy Aged Leads: keyset paging', () => {
  it('Next, the numbered buttons and Previous send cursors, never a deep offset', async () => {
    const { last } = await open();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    click('Next');
    await screen.findByText('Page 2 of 200+');
    expect(Object.fromEntries(last())).toMatchObject({ after: String(TOP - 49), page: '2' });
    click('Page 5');
    await screen.findByText('Page 5 of 200+');
    expect(Object.fromEntries(last())).toMatchObject({ after: String(TOP - 99), skip: '100', page: '5' });
    expect(screen.getByText(`Lead ${TOP - 200}`)).toBeTruthy();
    click('Previous');
    await screen.findByText('Page 4 of 200+');
    expect(Object.fromEntries(last())).toMatchObject({ before: String(TOP - 200), page: '4' });
    expect(screen.getByText(`Lead ${TOP - 150}`)).toBeTruthy();
    click('Page 2');
    await screen.findByText('Page 2 of 200+');
    expect(Object.fromEntries(last())).toMatchObject({ before: String(TOP - 150), skip: '50', page: '2' });
    // Previous from page 2 reaches the start: the server answers page 1, with no page before it.
    click('Previous');
    await screen.findByText('Page 1 of 200+');
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
  });

  it('jumps by age with a seek, then reads on by cursor; a capped total never stops Next', async () => {
    const { last } = await open();
    fireEvent.change(screen.getByLabelText('Jump to age (days)'), { target: { value: '300' } });
    click('Go');
    // 27,000 rows deep: past the 10,000 a page number may reach.
    await screen.findByText(`Lead ${TOP - 27_000}`);
    expect(Object.fromEntries(last())).toMatchObject({ fromAge: '300' });
    click('Next');
    await screen.findByText(`Lead ${TOP - 27_050}`);
    expect(Object.fromEntries(last())).toMatchObject({ after: String(TOP - 27_049) });
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false);
    expect(pager().textContent).toContain('From 300 days old');
  });
});
