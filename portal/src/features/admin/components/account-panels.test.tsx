// @vitest-environment jsdom
// The admin's forms (Create User, Edit User and Change Password side panels, the Create Appointment modal): every bad field is named with
// the product's words under it, nothing is sent until the form is right, and the server's refusal of
// a field (an e-mail already in use) lands on that field.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { LIVE_TRANSFER_PRICE_MESSAGE, type AdminUser, type AdminUserAccount } from '@tm/shared/schemas/admin';
import { UserFormPanel } from './UserFormPanel.tsx';
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
    renderScreen(<UserFormPanel mode="create" open onClose={() => {}} />, { path: '/admin' });
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
    renderScreen(<UserFormPanel mode="create" open onClose={() => {}} />, { path: '/admin' });
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

describe('Edit User', () => {
  const account = {
    id: 12,
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Agent',
    agencyName: 'Ada Agency',
    role: 'Agency Owner',
    phone: '5125550100',
    state: 'TX',
    liveTransferPriceCents: null,
  } as AdminUserAccount;

  it("shows the account's fields (no password, no user type), refuses a bad price and sends nothing", async () => {
    const api = stubApi({});
    renderScreen(<UserFormPanel mode="edit" user={account} onClose={() => {}} />, { path: '/admin' });
    await vi.waitFor(() => expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('Ada'));
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('TX');
    expect((screen.getByLabelText('Live transfer price ($)') as HTMLInputElement).value).toBe('');
    expect([screen.queryByLabelText('Password'), screen.queryByLabelText('User Type'), screen.queryByText('Select a role')]).toEqual([null, null, null]);
    set('Live transfer price ($)', 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(errorOf('Live transfer price ($)')).toBe(LIVE_TRANSFER_PRICE_MESSAGE));
    expect(api.calls).toHaveLength(0);
  });

  it('sends the edited fields with the price in dollars as typed, and shows a field refused by the server', async () => {
    const api = stubApi({
      'PATCH /api/admin/users/12': [409, { error: 'email: A user with this email already exists', fields: { email: 'A user with this email already exists' } }],
    });
    const onClose = vi.fn();
    renderScreen(<UserFormPanel mode="edit" user={account} onClose={onClose} />, { path: '/admin' });
    await vi.waitFor(() => expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com'));
    set('Email', 'taken@example.com');
    set('Live transfer price ($)', '28.50');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(errorOf('Email')).toBe('A user with this email already exists'));
    expect(onClose).not.toHaveBeenCalled();
    expect(api.sent('PATCH', '/api/admin/users/12').map((c) => c.body)).toEqual([
      {
        email: 'taken@example.com',
        firstName: 'Ada',
        lastName: 'Agent',
        phone: '5125550100',
        state: 'TX',
        agencyName: 'Ada Agency',
        role: 'Agency Owner',
        liveTransferPrice: '28.50',
      },
    ]);
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
