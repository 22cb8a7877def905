// @vitest-environment jsdom
// Issue 34 item 8 (decision 249): the outbox's and the audit log's e-mail filters ask for the whole address
// by default, and send `emailMatch=contains` when the admin chooses "Contains".
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { OutboxTab } from './OutboxTab.tsx';
import { AuditTab } from './AuditTab.tsx';
import { renderScreen, stubApi } from '../../../test/render.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const emptyPage = { items: [], page: 1, pageSize: 50, total: 0, pageCount: 1 };
const lastQuery = (sent: { query: string }[]) => new URLSearchParams(sent[sent.length - 1]!.query);

describe('the outbox e-mail match', () => {
  it('searches the whole address by default, and a part of it with Contains', async () => {
    const api = stubApi({ 'GET /api/admin/outbox': [200, emptyPage] });
    renderScreen(<OutboxTab />);
    const match = screen.getByLabelText('E-mail match') as HTMLSelectElement;
    expect(match.value).toBe('exact');
    expect([...match.options].map((o) => o.text)).toEqual(['Exact address', 'Contains']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by recipient' }), { target: { value: 'a@x.com' } });
    await waitFor(() => expect(lastQuery(api.sent('GET', '/api/admin/outbox')).get('to')).toBe('a@x.com'));
    expect(lastQuery(api.sent('GET', '/api/admin/outbox')).get('emailMatch')).toBe('exact');
    fireEvent.change(match, { target: { value: 'contains' } });
    await waitFor(() => expect(lastQuery(api.sent('GET', '/api/admin/outbox')).get('emailMatch')).toBe('contains'));
    expect(lastQuery(api.sent('GET', '/api/admin/outbox')).get('to')).toBe('a@x.com');
  });
});

describe('the audit log e-mail match', () => {
  it('filters by the whole address by default, and a part of it with Contains', async () => {
    const api = stubApi({ 'GET /api/admin/audit': [200, emptyPage] });
    renderScreen(<AuditTab />);
    fireEvent.change(screen.getByLabelText('User concerned'), { target: { value: 'a@x.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(lastQuery(api.sent('GET', '/api/admin/audit')).get('user')).toBe('a@x.com'));
    expect(lastQuery(api.sent('GET', '/api/admin/audit')).get('emailMatch')).toBe('exact');
    fireEvent.change(screen.getByLabelText('E-mail match'), { target: { value: 'contains' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(lastQuery(api.sent('GET', '/api/admin/audit')).get('emailMatch')).toBe('contains'));
    // The CSV downloads what the list shows.
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toContain('emailMatch=contains');
  });
});
