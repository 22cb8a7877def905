// @vitest-environment jsdom
// Disputing a billed call: a reason must be chosen, Other needs the agent's own words, and only a
// complete dispute is sent; the server's refusal is shown as its message.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { TransferCallView } from '@tm/shared/schemas/transfers';
import { DisputeDialog } from './DisputeDialog.tsx';
import { polyfillDialog, renderScreen, stubApi, type ApiAnswer, enterValue } from '../../../test/render.tsx';

beforeAll(polyfillDialog);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const call: TransferCallView = {
  id: 41,
  callId: 'call-41',
  source: 'callback',
  callerName: 'Pat Caller',
  callerPhone: '5125550199',
  state: 'TX',
  startedAt: '2026-11-20T15:00:00.000Z',
  endedAt: '2026-11-20T15:04:00.000Z',
  durationSeconds: 240,
  recordingUrl: null,
  transcript: null,
  billable: true,
  status: 'billed',
  chargeCents: 3500,
  billingNote: null,
  bufferSeconds: 60,
  orderId: 3,
  recordedAt: '2026-11-20T15:04:01.000Z',
  dispute: null,
  disputeDeadline: '2026-11-23T15:04:01.000Z',
  canDispute: true,
};

function open(answer: ApiAnswer = [201, { id: 1, status: 'pending' }]) {
  const api = stubApi({ 'POST /api/transfers/41/disputes': answer });
  const onClose = vi.fn();
  renderScreen(<DisputeDialog call={call} timeZone="America/New_York" onClose={onClose} />, { path: '/dashboard/transfers' });
  return { api, onClose, submit: () => fireEvent.click(screen.getByRole('button', { name: 'Submit Dispute' })) };
}

describe('DisputeDialog', () => {
  it('asks for a reason and sends nothing without one', async () => {
    const { api, submit } = open();
    submit();
    expect(await screen.findByText('Please choose a reason')).toBeTruthy();
    expect(api.sent('POST', '/api/transfers/41/disputes')).toHaveLength(0);
  });

  it('needs the agent to describe the problem when the reason is Other', async () => {
    const { api, submit } = open();
    fireEvent.click(screen.getByLabelText('Other'));
    expect(screen.getByLabelText('Describe the problem')).toBeTruthy();
    submit();
    expect(await screen.findByText('Please describe the problem')).toBeTruthy();
    expect(screen.getByLabelText('Describe the problem').getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('POST', '/api/transfers/41/disputes')).toHaveLength(0);
  });

  it('sends a reason from the list, with optional details, and closes', async () => {
    const { api, onClose, submit } = open();
    fireEvent.click(screen.getByLabelText('Out of state'));
    enterValue(screen.getByLabelText('Details (optional)'), 'Caller lives in Ohio');
    submit();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.sent('POST', '/api/transfers/41/disputes').map((c) => c.body)).toEqual([{ reasonCode: 'out_of_state', reasonText: 'Caller lives in Ohio' }]);
    expect((await screen.findByTestId('toast')).textContent).toContain('Dispute submitted');
  });

  it('says so when the evidence rules decided the dispute at filing', async () => {
    const approved = open([201, { id: 2, status: 'approved', decidedBy: 'rules', evidence: [{ quote: 'Caller: Wrong number.', at: '00:04' }] }]);
    fireEvent.click(screen.getByLabelText('Wrong number'));
    approved.submit();
    expect((await screen.findByTestId('toast')).textContent).toContain('Dispute approved');
    cleanup();
    const denied = open([201, { id: 3, status: 'denied', decidedBy: 'rules', evidence: [] }]);
    fireEvent.click(screen.getByLabelText('Wrong number'));
    denied.submit();
    expect((await screen.findByTestId('toast')).textContent).toContain('You can ask once for a human review.');
  });

  it("shows the server's refusal as its message", async () => {
    const { onClose, submit } = open([409, { error: 'This call has already been disputed.' }]);
    fireEvent.click(screen.getByLabelText('Wrong number'));
    submit();
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Dispute not submitted');
    expect(toast.textContent).toContain('This call has already been disputed.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('puts a refusal naming the details under them', async () => {
    const { submit } = open([400, { error: 'Invalid dispute', fields: { reasonText: 'At most 1000 characters' } }]);
    fireEvent.click(screen.getByLabelText('Wrong number'));
    submit();
    expect(await screen.findByText('At most 1000 characters')).toBeTruthy();
    expect(screen.getByLabelText('Details (optional)').getAttribute('aria-invalid')).toBe('true');
  });
});
