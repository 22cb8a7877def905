// @vitest-environment jsdom
// The login form's validation, as a person meets it: empty fields are named with the spec's words,
// announced (role=alert), tied to their input, and nothing is sent until they are fixed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LOGIN_MESSAGES, checkLogin } from '@tm/shared/logic/login-rules';
import { loginSchema } from '@tm/shared/schemas/auth';
import { LoginPage } from './LoginPage.tsx';
import { agent, stubApi, enterValue } from '../../../test/render.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderLogin() {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify({ error: 'Invalid email/username or password' }), { status: 401, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  const router = createMemoryRouter([{ path: '/login', element: <LoginPage /> }], { initialEntries: ['/login'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  // The page also asks whether the visitor is already logged in (GET /api/current-user); only the login POSTs count here.
  const logins = () => fetch.mock.calls.filter((c) => String((c as unknown[])[0]).endsWith('/api/login'));
  return { fetch, logins };
}

describe('LoginPage', () => {
  it('names each missing field, announces it and sends nothing', async () => {
    const { logins } = renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Email or username is required', 'Password is required']);
    const id = screen.getByLabelText('Email or username');
    expect(id.getAttribute('aria-invalid')).toBe('true');
    expect(id.getAttribute('aria-describedby')).toBe('identifier-error');
    expect(document.activeElement).toBe(id);
    expect(logins()).toHaveLength(0);
  });

  it('treats spaces as empty and keeps the password rule', async () => {
    const { logins } = renderLogin();
    enterValue(screen.getByLabelText('Email or username'), '   ');
    enterValue(screen.getByLabelText('Password'), 'x'.repeat(129));
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'Email or username is required',
      'Password must be at most 128 characters',
    ]);
    expect(logins()).toHaveLength(0);
  });

  it('sends a complete form and shows the server message', async () => {
    const { logins } = renderLogin();
    enterValue(screen.getByLabelText('Email or username'), ' agent@example.com ');
    enterValue(screen.getByLabelText('Password'), 'wrong-pass');
    fireEvent.submit(screen.getByRole('button', { name: 'Sign In' }).closest('form')!);
    expect(await screen.findByText('Invalid email/username or password')).toBeTruthy();
    expect(logins()).toHaveLength(1);
    const [, init] = logins()[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ identifier: 'agent@example.com', password: 'wrong-pass' });
  });
});

describe('checkLogin and the API schema say the same', () => {
  it.each([
    [{ identifier: '', password: '' }],
    [{ identifier: '  ', password: 'x' }],
    [{ identifier: 'a'.repeat(255), password: 'x' }],
    [{ identifier: 'a', password: 'x'.repeat(129) }],
    [{ identifier: 'agent', password: 'secret' }],
  ])('%j', (values) => {
    const parsed = loginSchema.safeParse(values);
    const zodFields: Record<string, string> = {};
    if (!parsed.success) for (const i of parsed.error.issues) zodFields[String(i.path[0])] ??= i.message;
    expect(checkLogin(values)).toEqual(zodFields);
  });
  it('uses the spec words', () => {
    expect(LOGIN_MESSAGES.identifierRequired).toBe('Email or username is required');
  });
});

describe('LoginPage without React Query (the first screen loads no data library)', () => {
  function renderAt(path: string) {
    const router = createMemoryRouter(
      [
        { path: '/login', element: <LoginPage /> },
        { path: '/dashboard/*', element: <p>Dashboard screen</p> },
        { path: '/admin', element: <p>Admin screen</p> },
      ],
      { initialEntries: [path] },
    );
    render(<RouterProvider router={router} />);
    return router;
  }

  it('sends a visitor who is already logged in straight on, admins to /admin', async () => {
    stubApi({ 'GET /api/current-user': [200, { ...agent, isAdmin: true }] });
    renderAt('/login');
    expect(await screen.findByText('Admin screen')).toBeTruthy();
  });

  it('logs in and goes back to where the agent was going, never to another site', async () => {
    const api = stubApi({ 'GET /api/current-user': [200, null], 'POST /api/login': [200, { user: agent }] });
    const router = renderAt('/login?next=%2Fdashboard%2Ftransfers');
    enterValue(screen.getByLabelText('Email or username'), 'agent');
    enterValue(screen.getByLabelText('Password'), 'demo-agent-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Dashboard screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/transfers');
    expect(api.sent('POST', '/api/login').map((c) => c.body)).toEqual([{ identifier: 'agent', password: 'demo-agent-pass' }]);

    cleanup();
    const again = renderAt('/login?next=%2F%2Fevil.example.com');
    enterValue(screen.getByLabelText('Email or username'), 'agent');
    enterValue(screen.getByLabelText('Password'), 'demo-agent-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Dashboard screen')).toBeTruthy();
    expect(again.state.location.pathname).toBe('/dashboard');
  });
});
