// @vitest-environment jsdom
// The admin's searchable lists through SearchPagedList (issue 28 point 5): the Leads tab's pool and shop
// leads (a status filter that goes back to page 1 and unticks the rows, the row selection, their own empty
// messages) and the Sign-ups inbox (two filters, a note, one empty message searching or not).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { AdminSaleLead, PoolLead } from '@tm/shared/schemas/admin';
import { LeadsForSale } from './LeadsForSale.tsx';
import { LeadPool } from './LeadPool.tsx';
import { SignupsTab } from './InboxesTabs.tsx';
import { renderScreen, stubApi } from '../../../test/render.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const saleLead = (id: number, name: string, status = 'available'): AdminSaleLead => ({
  id,
  kind: 'aged',
  name,
  phone: '5125550100',
  state: 'TX',
  zipCode: '73301',
  ageDays: 40,
  priceCents: 500,
  status,
  timesSoldBefore: 0,
  soldAt: null,
  buyerEmail: null,
  createdAt: null,
});

const poolLead = (id: number, name: string, assigned = false): PoolLead => ({
  id,
  name,
  phone: '5125550101',
  email: null,
  state: 'TX',
  zipCode: '73301',
  ageRange: null,
  formFillTime: null,
  assignedAgentId: assigned ? 3 : null,
  assignedAgentEmail: assigned ? 'agent@example.com' : null,
  assignedAt: assigned ? '2026-11-20T15:04:00.000Z' : null,
  createdAt: null,
});

const page = <T,>(items: T[], total = items.length) => ({ items, page: 1, pageSize: 25, total });
const lastQuery = (api: ReturnType<typeof stubApi>, path: string) => new URLSearchParams(api.sent('GET', path).at(-1)!.query);

describe('LeadsForSale', () => {
  it('asks for the status chosen from page 1 again and unticks the rows ticked', async () => {
    const api = stubApi({ 'GET /api/admin/leads': [200, page([saleLead(1, 'Mary Jones'), saleLead(2, 'Sold Sam', 'sold')], 60)] });
    renderScreen(<LeadsForSale />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Mary Jones' }));
    expect(screen.queryByRole('checkbox', { name: 'Select Sold Sam' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Selected (1)' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(lastQuery(api, '/api/admin/leads').get('page')).toBe('2'));
    expect(screen.getByRole('navigation', { name: 'Leads for sale pages' })).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Sale status' }), { target: { value: 'sold' } });
    await vi.waitFor(() => expect(Object.fromEntries(lastQuery(api, '/api/admin/leads'))).toEqual({ status: 'sold', q: '', page: '1' }));
    expect(screen.getByRole('button', { name: 'Delete Selected (0)' })).toBeTruthy();
  });
});

describe('keyset paging of the shop leads (decision 236)', () => {
  it('steps by the cursors the server answered, and a filter starts again at page 1', async () => {
    const answer = { ...page([saleLead(90, 'Mary Jones'), saleLead(89, 'Nell Ode')], 10_000), totalCapped: true, nextCursor: '89', prevCursor: null };
    const api = stubApi({ 'GET /api/admin/leads': [200, answer] });
    renderScreen(<LeadsForSale />);
    await screen.findByText('Page 1 of 400+ (10,000+ total)');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(Object.fromEntries(lastQuery(api, '/api/admin/leads'))).toEqual({ status: 'unsold', q: '', page: '2', after: '89' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Sale status' }), { target: { value: 'sold' } });
    await vi.waitFor(() => expect(Object.fromEntries(lastQuery(api, '/api/admin/leads'))).toEqual({ status: 'sold', q: '', page: '1' }));
  });
});

describe('LeadPool', () => {
  it('ticks the unassigned leads of the page at once, and unticks them again', async () => {
    stubApi({ 'GET /api/admin/lead-pool': [200, page([poolLead(1, 'Ann Able'), poolLead(2, 'Bob Best'), poolLead(3, 'Cy Taken', true)])] });
    renderScreen(<LeadPool />);
    const all = await screen.findByRole('checkbox', { name: 'Select all on this page' });
    fireEvent.click(all);
    expect(screen.getByRole('button', { name: 'Delete Selected (2)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unassign Cy Taken' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reassign Cy Taken' })).toBeTruthy();
    fireEvent.click(all);
    expect(screen.getByRole('button', { name: 'Delete Selected (0)' })).toBeTruthy();
  });

  it('says why the list is empty: nothing waiting, nothing in that status, nothing matching', async () => {
    const api = stubApi({ 'GET /api/admin/lead-pool': [200, page([])] });
    renderScreen(<LeadPool />);
    expect(await screen.findByText('No leads waiting for an agent. Upload a CSV for assignment above.')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'assigned' } });
    expect(await screen.findByText('No leads found')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search leads' }), { target: { value: 'zed' } });
    expect(await screen.findByText('No leads found matching your search')).toBeTruthy();
    expect(Object.fromEntries(lastQuery(api, '/api/admin/lead-pool'))).toEqual({ status: 'assigned', q: 'zed', page: '1' });
  });
});

describe('SignupsTab', () => {
  it('filters by source and status beside the search, and says "No sign-ups found" while searching too', async () => {
    const api = stubApi({ 'GET /api/admin/signups': [200, page([])] });
    renderScreen(<SignupsTab />);
    expect(await screen.findByText('No sign-ups found')).toBeTruthy();
    expect(screen.getByText("Accounts without a password yet: use the Users tab's Set-password link.")).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Sign-up source' }), { target: { value: 'ringcloud' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Sign-up status' }), { target: { value: 'contacted' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search sign-ups' }), { target: { value: 'rhea' } });
    await vi.waitFor(() =>
      expect(Object.fromEntries(lastQuery(api, '/api/admin/signups'))).toEqual({ source: 'ringcloud', q: 'rhea', page: '1', status: 'contacted' }),
    );
    expect(await screen.findByText('No sign-ups found')).toBeTruthy();
  });
});
