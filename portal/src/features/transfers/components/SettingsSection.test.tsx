// @vitest-environment jsdom
// The Transfer Controls fields shared by the agent's form and the admin's buyer controls (issue 39 point 1):
// both on <Form schema>, checked by transferSettingsSchema before anything is sent, a refusal from the API
// shown under the field it names, and each form keeping its own labels.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DELIVERY_PHONE_MESSAGE } from '@tm/shared/schemas/transfers';
import { SettingsSection } from './SettingsSection.tsx';
import { renderScreen, stubApi, enterValue } from '../../../test/render.tsx';
import { SAVED_CONTROLS } from '../../../test/transfer-controls.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the agent's Transfer controls", () => {
  it('shows a short delivery phone under the field and sends nothing, then sends the form', async () => {
    const api = stubApi({
      'GET /api/transfers/settings': [200, SAVED_CONTROLS],
      'PUT /api/transfers/settings': (body) => [200, { ...SAVED_CONTROLS, ...(body as object) }],
    });
    renderScreen(<SettingsSection />);
    const form = await screen.findByRole('form', { name: 'Transfer controls' });
    expect(within(form).getByLabelText('Your time zone')).toBeTruthy();
    const phone = within(form).getByLabelText('Delivery phone');
    enterValue(phone, '555');
    fireEvent.click(within(form).getByRole('button', { name: 'Save Controls' }));
    expect(await within(form).findByText(DELIVERY_PHONE_MESSAGE)).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('PUT', '/api/transfers/settings')).toHaveLength(0);

    enterValue(phone, '(555) 010-0188');
    enterValue(within(form).getByLabelText('Calls per day'), '');
    fireEvent.click(within(form).getByRole('button', { name: 'Save Controls' }));
    await waitFor(() => expect(api.sent('PUT', '/api/transfers/settings')).toHaveLength(1));
    expect(api.sent('PUT', '/api/transfers/settings')[0]!.body).toMatchObject({
      callsPerDay: null,
      workingStates: ['TX'],
      hoursStart: '09:00',
      hoursEnd: '17:00',
      deliveryPhone: '(555) 010-0188',
      paused: false,
    });
  });

  it('puts a refusal naming one working state under Working states', async () => {
    stubApi({
      'GET /api/transfers/settings': [200, SAVED_CONTROLS],
      'PUT /api/transfers/settings': [
        400,
        { error: 'Invalid settings', fields: { 'workingStates.0': 'Working states must be two-letter US state codes such as TX, FL' } },
      ],
    });
    renderScreen(<SettingsSection />);
    const form = await screen.findByRole('form', { name: 'Transfer controls' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Controls' }));
    const states = within(form).getByRole('group', { name: 'Working states' });
    expect(await within(states).findByText('Working states must be two-letter US state codes such as TX, FL')).toBeTruthy();
  });
});
