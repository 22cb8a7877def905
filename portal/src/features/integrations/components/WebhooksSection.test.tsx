// @vitest-environment jsdom
// Profile > CRM webhooks on the one form pattern (decision 257): the address is checked with the API's
// schema before anything is sent, and a refusal naming one event (`events.1`) lands under Events.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { WEBHOOK_EVENTS } from '@tm/shared/schemas/webhooks';
import { WebhooksSection } from './WebhooksSection.tsx';
import { renderScreen, stubApi, enterValue, type ApiAnswer } from '../../../test/render.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openForm(routes: Record<string, ApiAnswer> = {}) {
  const api = stubApi({
    'GET /api/webhooks': [200, { webhooks: [], secret: { hint: null } }],
    'GET /api/webhooks/deliveries': [200, { items: [], page: 1, pageSize: 20, total: 0 }],
    ...routes,
  });
  renderScreen(<WebhooksSection />, { path: '/profile' });
  fireEvent.click(await screen.findByRole('button', { name: 'Add webhook' }));
  return { api, form: screen.getByRole('form', { name: 'Add webhook' }) };
}

describe('CRM webhooks form', () => {
  it('refuses an address that is not http(s) and sends nothing', async () => {
    const { api, form } = await openForm();
    enterValue(within(form).getByLabelText('Endpoint URL'), 'ftp://crm.example.com');
    fireEvent.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(await within(form).findByText(/https?:\/\//)).toBeTruthy();
    expect(within(form).getByLabelText('Endpoint URL').getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('POST', '/api/webhooks')).toHaveLength(0);
  });

  it('sends the checked events and puts a refusal of one of them under Events', async () => {
    const { api, form } = await openForm({ 'POST /api/webhooks': [400, { error: 'events.1: Unknown event', fields: { 'events.1': 'Unknown event' } }] });
    enterValue(within(form).getByLabelText('Endpoint URL'), ' https://crm.example.com/hook ');
    fireEvent.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(await within(form).findByText('Unknown event')).toBeTruthy();
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(api.sent('POST', '/api/webhooks').map((c) => c.body)).toEqual([{ url: 'https://crm.example.com/hook', events: [...WEBHOOK_EVENTS], enabled: true }]);
  });
});
