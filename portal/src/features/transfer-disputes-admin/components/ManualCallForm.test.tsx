// @vitest-environment jsdom
// The manual call form on <Form schema> (decision 258): the API's own schema checks the typed call, its
// messages land on the typed fields (startedAt on Call started), and so do the API's refusals.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ManualCallForm } from './ManualCallForm.tsx';
import { renderScreen, stubApi, enterValue } from '../../../test/render.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const record = () => fireEvent.click(screen.getByRole('button', { name: 'Record Call' }));

describe('Enter a delivered call', () => {
  it('says when the call started is missing, under that field, and sends nothing', async () => {
    const api = stubApi({ 'POST /api/admin/transfer-calls': [500, { error: 'not expected' }] });
    renderScreen(<ManualCallForm />, { path: '/disputes-admin' });
    record();
    expect(await screen.findByText('Enter when the call started')).toBeTruthy();
    expect(screen.getByLabelText('Call started').getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('POST', '/api/admin/transfer-calls')).toHaveLength(0);
  });

  it("puts the API's refusal of the start (startedAt) under Call started, and the agent's under Agent email", async () => {
    const api = stubApi({
      'POST /api/admin/transfer-calls': [
        400,
        { error: 'startedAt: The call cannot start in the future', fields: { startedAt: 'The call cannot start in the future', agentId: 'No such agent' } },
      ],
    });
    renderScreen(<ManualCallForm />, { path: '/disputes-admin' });
    enterValue(screen.getByLabelText('Agent email'), 'agent@example.com');
    enterValue(screen.getByLabelText('Caller name'), 'Ann Caller');
    enterValue(screen.getByLabelText('Caller phone'), '5125550100');
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'TX' } });
    enterValue(screen.getByLabelText('Call started'), '2026-11-20T10:00:00');
    enterValue(screen.getByLabelText('Duration (seconds)'), '200');
    record();
    await waitFor(() => expect(api.sent('POST', '/api/admin/transfer-calls')).toHaveLength(1));
    expect((await screen.findAllByText('The call cannot start in the future')).some((e) => e.classList.contains('field-error'))).toBe(true);
    expect(screen.getByText('No such agent').classList.contains('field-error')).toBe(true);
    expect(screen.getByLabelText('Agent email').getAttribute('aria-invalid')).toBe('true');
  });
});
