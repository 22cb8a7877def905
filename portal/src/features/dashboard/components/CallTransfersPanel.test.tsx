// @vitest-environment jsdom
// The live-transfer order form (Buy Call Transfers), as an agent meets it: each bad field is named with
// the product's words next to the field and announced, nothing is sent until the form is right, and a
// refusal from the server lands on its field with the message only (no field key).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { CallTransfersPanel } from './CallTransfersPanel.tsx';
import { agent, renderScreen, stubApi, type ApiAnswer, enterValue } from '../../../test/render.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function openForm(orderAnswer: ApiAnswer = [500, { error: 'not expected' }]) {
  const survey = { totalTransfers: 30, transfersPerDay: 3, transferHours: 'Business Hours', phone: '5125550101', workingStates: 'TX' };
  const api = stubApi({ 'GET /api/user-survey': [200, survey], 'POST /api/call-transfer-order': orderAnswer });
  renderScreen(<CallTransfersPanel user={agent} />, { path: '/dashboard' });
  fireEvent.click(screen.getByRole('button', { name: 'Order Call Transfers' }));
  await screen.findByRole('heading', { name: 'Order Call Transfers' });
  // The form is prefilled from the agent's survey once it arrives; edits come after that.
  await vi.waitFor(() => expect((screen.getByLabelText('Working states') as HTMLInputElement).value).toBe('TX'));
  expect((screen.getByLabelText('Total transfers') as HTMLInputElement).value).toBe('30');
  return api;
}
const set = (label: string, value: string) => enterValue(screen.getByLabelText(label), value);
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));

describe('Buy Call Transfers order form', () => {
  it('names every missing or bad field with the spec words and sends nothing', async () => {
    const api = await openForm();
    set('Total transfers', '');
    set('Transfers per day', '0');
    set('Transfer hours', '  ');
    set('Phone to receive transfers', '555-01');
    set('Working states', '');
    submit();
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      'Must be at least 1 transfer',
      'Must be at least 1 call per day',
      'Please specify transfer hours',
      'Phone number must be at least 10 digits',
      'Please specify working states',
    ]);
    const total = screen.getByLabelText('Total transfers');
    expect(total.getAttribute('aria-invalid')).toBe('true');
    expect(total.getAttribute('aria-describedby')).toBe('order-totalTransfers-error');
    expect(api.sent('POST', '/api/call-transfer-order')).toHaveLength(0);
  });

  it('refuses part of a transfer instead of rounding it', async () => {
    const api = await openForm();
    set('Total transfers', '2.5');
    set('Transfer hours', '9am-5pm');
    set('Phone to receive transfers', '(512) 555-0101');
    set('Working states', 'TX, FL');
    submit();
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual(['Must be a whole number of transfers']);
    expect(api.sent('POST', '/api/call-transfer-order')).toHaveLength(0);
  });

  it('sends a complete form and shows a refusal on its field and in the toast without the field key', async () => {
    const api = await openForm([400, { error: 'workingStates: Use US state codes', fields: { workingStates: 'Use US state codes' } }]);
    set('Total transfers', '40');
    set('Transfers per day', '4');
    set('Transfer hours', '9am-5pm');
    set('Phone to receive transfers', '(512) 555-0101');
    set('Working states', 'Texas?');
    expect(screen.getByText(/40 transfers × \$35\.00 =/)).toBeTruthy();
    submit();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Use US state codes');
    expect((await screen.findByTestId('toast')).textContent).toContain('Use US state codes');
    expect(screen.getByTestId('toast').textContent).not.toContain('workingStates:');
    expect(api.sent('POST', '/api/call-transfer-order').map((c) => c.body)).toEqual([
      { totalTransfers: 40, callsPerDay: 4, transferHours: '9am-5pm', transferPhone: '(512) 555-0101', workingStates: 'Texas?', leadType: 'Live Transfers' },
    ]);
  });
});
