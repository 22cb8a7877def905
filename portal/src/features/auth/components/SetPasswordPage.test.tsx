// @vitest-environment jsdom
// /set-password from the one-time link: the password is checked (length, typed twice the same) before
// anything is sent; a link the server no longer accepts says so instead of the form.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { SET_PASSWORD_LINK_INVALID } from '@tm/shared/schemas/auth';
import { SetPasswordPage } from './SetPasswordPage.tsx';
import { renderScreen, stubApi, type ApiAnswer, enterValue } from '../../../test/render.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openLink(setAnswer: ApiAnswer = [200, { success: true }]) {
  const api = stubApi({ 'GET /api/set-password/check': [200, { valid: true, email: 'ada@example.com' }], 'POST /api/set-password': setAnswer });
  renderScreen(<SetPasswordPage />, { path: '/set-password?token=tok-1', route: '/set-password' });
  await screen.findByText('ada@example.com');
  return api;
}
const set = (label: string, value: string) => enterValue(screen.getByLabelText(label), value);
const errorOf = (label: string) => screen.getByLabelText(label).closest('.field')?.querySelector('.field-error')?.textContent ?? null;

describe('SetPasswordPage', () => {
  it('refuses a short password and two different ones, and sends nothing', async () => {
    const api = await openLink();
    set('New password', '12345');
    set('Confirm password', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    await vi.waitFor(() => expect(errorOf('New password')).toBe('Password must be at least 6 characters'));

    set('New password', 'long-enough-1');
    set('Confirm password', 'long-enough-2');
    fireEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    await vi.waitFor(() => expect(errorOf('Confirm password')).toBe('Passwords do not match'));
    expect(errorOf('New password')).toBeNull();
    expect(api.sent('POST', '/api/set-password')).toHaveLength(0);
  });

  it('sets the password with the link and says the agent can now log in', async () => {
    const api = await openLink();
    set('New password', 'long-enough-1');
    set('Confirm password', 'long-enough-1');
    fireEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your password is set. You can now log in.');
    expect(api.sent('POST', '/api/set-password').map((c) => c.body)).toEqual([{ token: 'tok-1', password: 'long-enough-1' }]);
  });

  it('says the link is dead when the server refuses its token', async () => {
    await openLink([400, { error: `token: ${SET_PASSWORD_LINK_INVALID}`, fields: { token: SET_PASSWORD_LINK_INVALID } }]);
    set('New password', 'long-enough-1');
    set('Confirm password', 'long-enough-1');
    fireEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SET_PASSWORD_LINK_INVALID);
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
