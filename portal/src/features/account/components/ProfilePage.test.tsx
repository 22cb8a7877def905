// @vitest-environment jsdom
// /profile's forms, as an agent meets them: the new password must be typed twice the same (checked
// before anything is sent), and the server's refusals land on the field they name, message only.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { CURRENT_PASSWORD_WRONG, EMAIL_TAKEN } from '@tm/shared/schemas/mail';
import { ProfilePage } from './ProfilePage.tsx';
import { agent, renderScreen, stubApi, type ApiAnswer, enterValue } from '../../../test/render.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openProfile(routes: Record<string, ApiAnswer> = {}) {
  const api = stubApi({
    'GET /api/current-user': [200, agent],
    'GET /api/account/mail-preferences': [200, { optOut: [], options: {} }],
    ...routes,
  });
  renderScreen(<ProfilePage />, { path: '/profile' });
  await screen.findByRole('heading', { name: 'Profile' });
  return api;
}
const form = (name: string) => screen.getByRole('form', { name });
const set = (scope: HTMLElement, label: string, value: string) => enterValue(within(scope).getByLabelText(label), value);

describe('Profile: Change password', () => {
  it('says the passwords do not match and sends nothing', async () => {
    const api = await openProfile();
    const f = form('Change password');
    set(f, 'Current password', 'old-secret');
    set(f, 'New password', 'new-secret-1');
    set(f, 'Confirm new password', 'new-secret-2');
    fireEvent.click(within(f).getByRole('button', { name: 'Change Password' }));
    expect(await within(f).findByText('Passwords do not match')).toBeTruthy();
    expect(within(f).getByLabelText('Confirm new password').getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('PUT', '/api/account/password')).toHaveLength(0);
  });

  it('puts a wrong current password on its field', async () => {
    const api = await openProfile({
      'PUT /api/account/password': [400, { error: CURRENT_PASSWORD_WRONG, fields: { currentPassword: CURRENT_PASSWORD_WRONG } }],
    });
    const f = form('Change password');
    set(f, 'Current password', 'not-it');
    set(f, 'New password', 'new-secret-1');
    set(f, 'Confirm new password', 'new-secret-1');
    fireEvent.click(within(f).getByRole('button', { name: 'Change Password' }));
    expect(await within(f).findByText(CURRENT_PASSWORD_WRONG)).toBeTruthy();
    expect(within(f).getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('PUT', '/api/account/password').map((c) => c.body)).toEqual([{ currentPassword: 'not-it', newPassword: 'new-secret-1' }]);
  });

  it('says when the password is changed', async () => {
    await openProfile({ 'PUT /api/account/password': [200, { success: true }] });
    const f = form('Change password');
    set(f, 'Current password', 'old-secret');
    set(f, 'New password', 'new-secret-1');
    set(f, 'Confirm new password', 'new-secret-1');
    fireEvent.click(within(f).getByRole('button', { name: 'Change Password' }));
    expect((await within(f).findByRole('status')).textContent).toBe('Your password is changed. Other browsers were logged out.');
  });
});

describe('Profile: Details', () => {
  it("shows the server's refusal under the field, without the field key", async () => {
    // A refusal only the server can make (the form's own checks pass).
    const message = 'This phone number cannot be used';
    const api = await openProfile({ 'PUT /api/account/profile': [400, { error: `phone: ${message}`, fields: { phone: message } }] });
    const f = form('Details');
    expect((within(f).getByLabelText('First name') as HTMLInputElement).value).toBe('Ada');
    set(f, 'Phone', '5555555555');
    fireEvent.click(within(f).getByRole('button', { name: 'Save Details' }));
    expect(await within(f).findByText(message)).toBeTruthy();
    expect(within(f).getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(f.textContent).not.toContain('phone:');
    expect(api.sent('PUT', '/api/account/profile').map((c) => c.body)).toEqual([
      { firstName: 'Ada', lastName: 'Agent', phone: '5555555555', state: 'TX', agencyName: 'Ada Agency' },
    ]);
  });

  it('refuses an empty state (the spec requires one) and a short phone, and sends nothing', async () => {
    const api = await openProfile({ 'PUT /api/account/profile': [200, { user: agent }] });
    const f = form('Details');
    fireEvent.change(within(f).getByLabelText('State'), { target: { value: '' } });
    set(f, 'Phone', '555');
    fireEvent.click(within(f).getByRole('button', { name: 'Save Details' }));
    expect(await within(f).findByText('State is required')).toBeTruthy();
    expect(within(f).getByLabelText('State').getAttribute('aria-invalid')).toBe('true');
    expect(within(f).getByText('Enter a phone number with at least 10 digits')).toBeTruthy();
    expect(within(f).queryByRole('status')).toBeNull();
    expect(api.sent('PUT', '/api/account/profile')).toHaveLength(0);
  });

  it('says when the details are saved', async () => {
    await openProfile({ 'PUT /api/account/profile': [200, { user: agent }] });
    const f = form('Details');
    fireEvent.click(within(f).getByRole('button', { name: 'Save Details' }));
    expect((await within(f).findByRole('status')).textContent).toBe('Your details are saved.');
  });
});

describe('Profile: E-mail (one form pattern, decision 257)', () => {
  it("checks the new address with the API's schema before sending anything", async () => {
    const api = await openProfile();
    const f = form('E-mail');
    set(f, 'New e-mail', 'not-an-email');
    set(f, 'Your password', 'secret-1');
    fireEvent.click(within(f).getByRole('button', { name: 'Send Confirmation Link' }));
    expect(await within(f).findByText('Enter a valid e-mail')).toBeTruthy();
    expect(within(f).getByLabelText('New e-mail').getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('POST', '/api/account/email')).toHaveLength(0);
  });

  it("puts the server's refusal of the address under New e-mail (the API's field `email`), message only", async () => {
    const api = await openProfile({ 'POST /api/account/email': [409, { error: `email: ${EMAIL_TAKEN}`, fields: { email: EMAIL_TAKEN } }] });
    const f = form('E-mail');
    set(f, 'New e-mail', 'Taken@Example.com');
    set(f, 'Your password', 'secret-1');
    fireEvent.click(within(f).getByRole('button', { name: 'Send Confirmation Link' }));
    expect(await within(f).findByText(EMAIL_TAKEN)).toBeTruthy();
    expect(within(f).getByLabelText('New e-mail').getAttribute('aria-invalid')).toBe('true');
    expect(within(f).getByLabelText('Your password').getAttribute('aria-invalid')).toBe('false');
    expect(within(f).queryByRole('alert')).toBeNull();
    expect(api.sent('POST', '/api/account/email').map((c) => c.body)).toEqual([{ email: 'taken@example.com', currentPassword: 'secret-1' }]);
  });

  it("shows a refusal naming no field once, at the form's head", async () => {
    await openProfile({ 'POST /api/account/email': [429, { error: 'Too many e-mail change requests. Please wait an hour and try again.' }] });
    const f = form('E-mail');
    set(f, 'New e-mail', 'new@example.com');
    set(f, 'Your password', 'secret-1');
    fireEvent.click(within(f).getByRole('button', { name: 'Send Confirmation Link' }));
    expect((await within(f).findByRole('alert')).textContent).toBe('Too many e-mail change requests. Please wait an hour and try again.');
  });
});
