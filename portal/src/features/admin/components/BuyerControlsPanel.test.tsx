// @vitest-environment jsdom
// The Transfer Controls fields shared by the agent's form and the admin's buyer controls (issue 39 point 1):
// both on <Form schema>, checked by transferSettingsSchema before anything is sent, a refusal from the API
// shown under the field it names, and each form keeping its own labels.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BuyerControlsPanel } from './BuyerControlsPanel.tsx';
import { renderScreen, stubApi, enterValue } from '../../../test/render.tsx';
import { SAVED_CONTROLS } from '../../../test/transfer-controls.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the admin's buyer controls", () => {
  it('checks the hours before sending, then saves the pause without a delivery phone', async () => {
    const api = stubApi({
      'GET /api/admin/users/7/transfer-controls': [200, SAVED_CONTROLS],
      'PUT /api/admin/users/7/transfer-controls': (body) => [200, { ...SAVED_CONTROLS, ...(body as object), pausedReason: 'admin', pausedNow: true }],
    });
    renderScreen(<BuyerControlsPanel userId={7} />);
    const form = await screen.findByRole('form', { name: 'Buyer controls' });
    expect(within(form).getByLabelText("Buyer's time zone")).toBeTruthy();
    expect(within(form).queryByLabelText('Delivery phone')).toBeNull();
    enterValue(within(form).getByLabelText('Transfer hours until'), '');
    fireEvent.click(within(form).getByRole('button', { name: 'Save buyer controls' }));
    expect(await within(form).findByText('Give both a start and an end time, or neither')).toBeTruthy();
    expect(api.sent('PUT', '/api/admin/users/7/transfer-controls')).toHaveLength(0);

    enterValue(within(form).getByLabelText('Transfer hours until'), '18:00');
    fireEvent.click(within(form).getByLabelText(/Pause deliveries/));
    fireEvent.click(within(form).getByRole('button', { name: 'Save buyer controls' }));
    await waitFor(() => expect(api.sent('PUT', '/api/admin/users/7/transfer-controls')).toHaveLength(1));
    const body = api.sent('PUT', '/api/admin/users/7/transfer-controls')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ paused: true, hoursEnd: '18:00', callsPerDay: 5 });
    expect(body).not.toHaveProperty('deliveryPhone');
    expect(await within(form).findByText('Paused by an admin')).toBeTruthy();
  });
});
