// @vitest-environment jsdom
// The admin's forms (Create User and Change Password side panels, the Create Appointment modal): every bad field is named with
// the product's words under it, nothing is sent until the form is right, and the server's refusal of
// a field (an e-mail already in use) lands on that field.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { AdminUser } from '@tm/shared/schemas/admin';
import { CreateUserPanel } from './CreateUserPanel.tsx';
import { ChangePasswordPanel } from './ChangePasswordPanel.tsx';
import { CreateAppointmentModal } from './CreateAppointmentModal.tsx';
import { polyfillDialog, renderScreen, stubApi, enterValue } from '../../../test/render.tsx';

beforeAll(polyfillDialog);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const set = (label: string, value: string) => enterValue(screen.getByLabelText(label), value);
const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  return input.closest('.field')?.querySelector('.field-error')?.textContent ?? null;
};

describe('Create User', () => {
  it('names each required field and sends nothing', async () => {
    const api = stubApi({});
    renderScreen(<CreateUserPanel open onClose={() => {}} />, { path: '/admin' });
    fireEvent.click(screen.getByRole('button', { name: 'Create User' }));
    await screen.findByText('First name is required');
    expect({
      email: errorOf('Email'),
      password: errorOf('Password'),
      first: errorOf('First Name'),
      last: errorOf('Last Name'),
      agency: errorOf('Agency Name'),
      role: errorOf('Role'),
      phone: errorOf('Phone'),
      state: errorOf('State (optional)'),
    }).toEqual({
      email: 'Invalid email address',
      password: 'Password must be at least 6 characters',
      first: 'First name is required',
      last: 'Last name is required',
      agency: 'Agency name is required',
      role: 'Role is required',
      phone: 'Phone is required',
      state: null,
    });
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);
  });

  it('sends a complete form as a basic user and shows a field refused by the server', async () => {
    const api = stubApi({
      'POST /api/admin/users': [409, { error: 'email: A user with this email already exists', fields: { email: 'A user with this email already exists' } }],
    });
    renderScreen(<CreateUserPanel open onClose={() => {}} />, { path: '/admin' });
    set('Email', 'New.Agent@Example.com');
    set('Password', 'secret-1');
    set('First Name', 'New');
    set('Last Name', 'Agent');
    set('Agency Name', 'New Agency');
    set('Role', 'Agency Owner');
    set('Phone', '5125550102');
    fireEvent.click(screen.getByRole('button', { name: 'Create User' }));
    await vi.waitFor(() => expect(errorOf('Email')).toBe('A user with this email already exists'));
    expect((await screen.findByTestId('toast')).textContent).not.toContain('email:');
    expect(api.sent('POST', '/api/admin/users')).toHaveLength(1);
    expect(api.sent('POST', '/api/admin/users')[0]!.body).toMatchObject({
      email: 'new.agent@example.com',
      password: 'secret-1',
      role: 'Agency Owner',
      phone: '5125550102',
      isAdmin: false,
    });
  });
});

describe('Change Password', () => {
  const user = { id: 12, firstName: 'Ada', lastName: 'Agent', email: 'ada@example.com' } as AdminUser;

  it('refuses a short password and sends nothing', async () => {
    const api = stubApi({});
    renderScreen(<ChangePasswordPanel user={user} onClose={() => {}} />, { path: '/admin' });
    expect(screen.getByText('For Ada Agent (ada@example.com)')).toBeTruthy();
    set('New Password', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    await vi.waitFor(() => expect(errorOf('New Password')).toBe('Password must be at least 6 characters'));
    expect(api.calls).toHaveLength(0);
  });

  it('sets the new password of that user and says so', async () => {
    const api = stubApi({ 'PUT /api/admin/users/12/password': [200, { success: true }] });
    const onClose = vi.fn();
    renderScreen(<ChangePasswordPanel user={user} onClose={onClose} />, { path: '/admin' });
    set('New Password', 'longer-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Password updated successfully');
    expect(onClose).toHaveBeenCalled();
    expect(api.sent('PUT', '/api/admin/users/12/password').map((c) => c.body)).toEqual([{ password: 'longer-secret' }]);
  });
});

describe('Create Appointment', () => {
  it('needs a name and a phone, checks an e-mail when one is given, and sends nothing', async () => {
    const api = stubApi({});
    renderScreen(<CreateAppointmentModal open onClose={() => {}} />, { path: '/admin' });
    set('Email', 'pat@');
    fireEvent.click(screen.getByRole('button', { name: 'Create Appointment' }));
    await vi.waitFor(() => expect(errorOf('First Name')).toBe('First name is required'));
    expect(errorOf('Last Name')).toBe('Last name is required');
    expect(errorOf('Phone')).toBe('Phone is required');
    expect(errorOf('Email')).toBe('Invalid email address');
    expect(errorOf('State')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('puts an appointment without an agent up for sale and says so', async () => {
    const api = stubApi({ 'POST /api/admin/appointments/brightcall': [201, { id: 5 }] });
    const onClose = vi.fn();
    renderScreen(<CreateAppointmentModal open onClose={onClose} />, { path: '/admin' });
    set('First Name', 'Pat');
    set('Last Name', 'Caller');
    set('Phone', '5125550199');
    fireEvent.click(screen.getByRole('button', { name: 'Create Appointment' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Appointment created successfully');
    expect(toast.textContent).toContain('It is for sale in Buy Appointments.');
    expect(onClose).toHaveBeenCalled();
    expect(api.sent('POST', '/api/admin/appointments/brightcall')[0]!.body).toMatchObject({ firstName: 'Pat', lastName: 'Caller', phone: '5125550199' });
    expect(api.sent('POST', '/api/admin/appointments/brightcall')[0]!.body).not.toHaveProperty('agentId');
  });
});
