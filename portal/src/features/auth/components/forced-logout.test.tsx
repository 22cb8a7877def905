// @vitest-environment jsdom
// A forced logout tells the agent why (issue 26): a portal screen whose session the server ended (401
// with a code: deactivated, password changed, revoked, idle) goes to /login with that reason, and /login
// says it in words.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FORCED_LOGOUT_TEXT, LoginPage } from './LoginPage.tsx';
import { RequireUser } from '../../../components/RequireUser.tsx';
import { stubApi } from '../../../test/render.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/dashboard', element: <RequireUser>{() => <p>Dashboard screen</p>}</RequireUser> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('a forced logout', () => {
  it('a deactivated account: the screen goes to /login, which says the account was deactivated', async () => {
    stubApi({ 'GET /api/current-user': [401, { error: 'Not logged in', code: 'account_deactivated' }] });
    const router = renderAt('/dashboard');
    expect(await screen.findByText(FORCED_LOGOUT_TEXT.account_deactivated!)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('loggedOut')).toBe('account_deactivated');
    expect(FORCED_LOGOUT_TEXT.account_deactivated).toMatch(/your account was deactivated/);
  });

  it('a revoked session and a changed password each say so; a plain visit to a screen says nothing', async () => {
    stubApi({ 'GET /api/current-user': [401, { error: 'Not logged in' }] });
    renderAt('/login?loggedOut=session_revoked');
    expect(await screen.findByText(FORCED_LOGOUT_TEXT.session_revoked!)).toBeTruthy();
    cleanup();
    renderAt('/login?loggedOut=password_changed');
    expect(await screen.findByText(FORCED_LOGOUT_TEXT.password_changed!)).toBeTruthy();
    cleanup();
    const router = renderAt('/dashboard');
    await screen.findByRole('heading', { name: 'Agent Login' });
    expect(router.state.location.search).not.toContain('loggedOut');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
