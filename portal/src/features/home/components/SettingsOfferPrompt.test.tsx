// @vitest-environment jsdom
// "Apply these settings?" (issue 34 item 3): kept onboarding answers are shown with what they would change,
// and the agent's choice is sent; with no offer nothing is shown.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { SettingsOfferPrompt } from './SettingsOfferPrompt.tsx';
import { renderScreen, stubApi } from '../../../test/render.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const offer = {
  id: 7,
  workingStates: 'GA, AL',
  transferHours: '10am-4pm',
  callsPerDay: 4,
  changes: [
    { label: 'Working states', from: 'TX', to: 'AL, GA' },
    { label: 'Calls per day', from: '9', to: '4' },
  ],
};

describe('SettingsOfferPrompt', () => {
  it('shows the changes and applies them only when the agent says so', async () => {
    const api = stubApi({ 'GET /api/settings-offer': [200, { offer }], 'POST /api/settings-offer': [200, { ok: true }] });
    renderScreen(<SettingsOfferPrompt />, { path: '/dashboard' });
    await screen.findByRole('heading', { name: 'Apply these settings?' });
    expect(screen.getByTestId('settings-offer').textContent).toContain('Working states: TX → AL, GA');
    expect(screen.getByTestId('settings-offer').textContent).toContain('Calls per day: 9 → 4');
    expect(api.sent('POST', '/api/settings-offer')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Apply these settings' }));
    await vi.waitFor(() => expect(api.sent('POST', '/api/settings-offer')).toHaveLength(1));
    expect(api.sent('POST', '/api/settings-offer')[0]?.body).toEqual({ id: 7, apply: true });
  });

  it('keeps the current settings when the agent declines, and shows nothing without an offer', async () => {
    const api = stubApi({ 'GET /api/settings-offer': [200, { offer }], 'POST /api/settings-offer': [200, { ok: true }] });
    renderScreen(<SettingsOfferPrompt />, { path: '/dashboard' });
    fireEvent.click(await screen.findByRole('button', { name: 'Keep my current settings' }));
    await vi.waitFor(() => expect(api.sent('POST', '/api/settings-offer')[0]?.body).toEqual({ id: 7, apply: false }));
    cleanup();
    stubApi({ 'GET /api/settings-offer': [200, { offer: null }] });
    renderScreen(<SettingsOfferPrompt />, { path: '/dashboard' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('settings-offer')).toBeNull();
  });
});
