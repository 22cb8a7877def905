// Component tests: a screen inside the providers the portal gives it (React Query with the app's
// defaults, the toasts, a router at a chosen path), and the API answered by a stubbed fetch routed by
// method and path. The component, its form library and its schema run for real; only the network is
// replaced, and every request is recorded so a test can say what was (or was not) sent.
import type { ReactElement } from 'react';
import { fireEvent, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { LIVE_TRANSFER_DEFAULT_PRICE_CENTS, centsToDecimal } from '@tm/shared';
import { createQueryClient } from '../lib/query-client.ts';
import { ToastProvider } from '../components/toast.tsx';
import type { SessionUser } from '../lib/current-user.ts';

export interface ApiCall {
  method: string;
  path: string;
  /** The query string, '' or '?a=1&b=2'. */
  query: string;
  body: unknown;
}
/** An answer: [status, JSON body], or a function of the request body giving one. */
export type ApiAnswer = [number, unknown] | ((body: unknown) => [number, unknown]);

/** Stubs fetch: `'POST /api/login'` (or `'GET /api/x'` matching the path without its query) answers as given, anything else 404. */
export function stubApi(routes: Record<string, ApiAnswer>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://portal.test');
      const method = (init?.method ?? 'GET').toUpperCase();
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? null);
      calls.push({ method, path: url.pathname, query: url.search, body });
      const answer = routes[`${method} ${url.pathname}`];
      const [status, json] = typeof answer === 'function' ? answer(body) : (answer ?? [404, { error: 'Not found' }]);
      return new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return {
    calls,
    /** The requests sent to one method and path. */
    sent: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** Renders `ui` at `path` (matched by `route`, default the path itself) inside the portal's providers. */
export function renderScreen(ui: ReactElement, { path = '/', route }: { path?: string; route?: string } = {}) {
  const router = createMemoryRouter([{ path: route ?? path.split('?')[0], element: ui }], { initialEntries: [path] });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

/** jsdom has <dialog> without showModal/close: the attribute is what the tests need. */
export function polyfillDialog() {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { showModal?: () => void };
  proto.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

/** The session user the portal's screens read from GET /api/current-user. */
export const agent: SessionUser = {
  id: 7,
  email: 'agent@example.com',
  username: 'agent',
  firstName: 'Ada',
  lastName: 'Agent',
  agencyName: 'Ada Agency',
  role: 'Insurance Agent',
  phone: '5125550101',
  state: 'TX',
  isAdmin: false,
  liveTransferPrice: centsToDecimal(LIVE_TRANSFER_DEFAULT_PRICE_CENTS),
  liveTransferPriceCents: LIVE_TRANSFER_DEFAULT_PRICE_CENTS,
  liveTransferPriceSource: 'agent-rate',
  inactivityTimeoutMs: 600000,
};

/**
 * Enters `value` into a field as a browser does when someone types, pastes or picks: the value, then
 * an `input` event, then `change` (React hears a text field's onChange on `input`, as browsers fire it
 * on every keystroke; the `change` after it changes nothing more).
 */
export function enterValue(field: Element, value: string): void {
  fireEvent.input(field, { target: { value } });
  fireEvent.change(field);
}

/**
 * The agent prefers reduced motion: jsdom draws on no canvas, so decoration such as the purchase
 * confetti (which honours the preference) stays off. Undone by vi.unstubAllGlobals().
 */
export function preferReducedMotion(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduced-motion'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

/** The endpoints of the item checkout by kind (decision 259), as the server mounts them. */
export const CHECKOUT_PATHS = {
  lead: { create: '/api/bulk-purchase-leads', confirm: '/api/bulk-purchase-leads/confirm', cancel: '/api/bulk-purchase-leads/cancel' },
  appointment: {
    create: '/api/vapi/create-appointment-payment',
    confirm: '/api/vapi/confirm-appointment-purchase',
    cancel: '/api/vapi/cancel-appointment-payment',
  },
} as const;
