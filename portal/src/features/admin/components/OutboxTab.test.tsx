// @vitest-environment jsdom
// Admin > E-mail (issue 26): the outbox shows when each message was written and sent with the time of
// day, not only the date (two messages of one day were indistinguishable).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { OutboxItem } from '@tm/shared/schemas/mail';
import { OutboxTab } from './OutboxTab.tsx';
import { renderScreen, stubApi } from '../../../test/render.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const message: OutboxItem = {
  id: 7,
  kind: 'order-refund',
  to: 'agent@example.com',
  subject: 'Refund of $10.00 for your TransferLine order #3',
  status: 'sent',
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-20T15:04:00.000Z',
  sentAt: '2026-11-20T15:06:30.000Z',
  nextAttemptAt: null,
};

describe('OutboxTab', () => {
  it('shows the time a message was written and sent, on the portal clock', async () => {
    stubApi({ 'GET /api/admin/outbox': [200, { items: [message], page: 1, pageSize: 25, total: 1 }] });
    renderScreen(<OutboxTab />);
    const row = await screen.findByTestId('outbox-7');
    // 15:04 UTC is 10:04 AM in New York (EST).
    expect(within(row).getByTestId('outbox-created').textContent).toMatch(/Nov 20, 2026.*10:04\sAM/);
    expect(row.textContent).toMatch(/at Nov 20, 2026.*10:06\sAM/);
  });
});
