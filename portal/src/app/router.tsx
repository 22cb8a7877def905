// The portal's screens after the login page: the React Query provider and the route table. Each screen
// is its own chunk, loaded when first visited. This module is itself loaded lazily by main.tsx, so the
// login page does not download it. The query cache lives as long as these screens are mounted: going
// through /login (logging in, out, or as someone else) starts the next screens with an empty cache.
import { lazy, Suspense, useState, type ComponentType, type ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client.ts';
import { currentUserQuery } from '../lib/current-user.ts';
import { paths } from './paths.ts';
// Before any screen's schema parses: zod without `new Function`, which the CSP refuses (issue 35 A12).
import '@tm/shared/logic/zod-jitless';

interface Screen {
  element: ReactElement;
  /** Loads the screen's chunk; once it has loaded, the screen renders without suspending. */
  preload: () => Promise<unknown>;
}

/**
 * A screen in its own chunk. Rendered before its chunk has loaded, it suspends ("Loading..."); rendered
 * after `preload()` resolved, it renders at once. A suspended first screen would cost the first paint
 * React's fallback throttle (about 300 ms) on top of the download (decision 205).
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Screen {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().then((m) => {
      loaded = m[name];
      return loaded;
    }));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Page() {
    const Component = loaded;
    if (Component) return <Component />;
    return (
      <Suspense fallback={<div className="page-loading">Loading...</div>}>
        <Lazy />
      </Suspense>
    );
  }
  return { element: <Page />, preload };
}

const screens: Array<[string, Screen]> = [
  [paths.dashboard, page(() => import('./DashboardPage.tsx'), 'DashboardPage')],
  [paths.transferCheckout, page(() => import('../features/transfer-checkout/components/TransferCheckoutPage.tsx'), 'TransferCheckoutPage')],
  [paths.admin, page(() => import('../features/admin/components/AdminPage.tsx'), 'AdminPage')],
  [paths.training, page(() => import('../features/training/components/TrainingPage.tsx'), 'TrainingPage')],
  [paths.trainingAdminLogin, page(() => import('../features/training/components/TrainingAdminLoginPage.tsx'), 'TrainingAdminLoginPage')],
  [paths.trainingAdmin, page(() => import('../features/training/components/TrainingAdminPage.tsx'), 'TrainingAdminPage')],
  [paths.myTransfers, page(() => import('../features/transfers/components/MyTransfersPage.tsx'), 'MyTransfersPage')],
  [paths.results, page(() => import('../features/results/components/ResultsPage.tsx'), 'ResultsPage')],
  [paths.autoRebillPay, page(() => import('../features/account/components/AutoRebillPayPage.tsx'), 'AutoRebillPayPage')],
  [paths.receipt, page(() => import('../features/transfers/components/ReceiptPage.tsx'), 'ReceiptPage')],
  [paths.adminDisputes, page(() => import('../features/transfer-disputes-admin/components/DisputesAdminPage.tsx'), 'DisputesAdminPage')],
  [paths.adminReports, page(() => import('../features/admin-reports/components/ReportsPage.tsx'), 'ReportsPage')],
  [paths.setPassword, page(() => import('../features/auth/components/SetPasswordPage.tsx'), 'SetPasswordPage')],
  [paths.forgotPassword, page(() => import('../features/auth/components/ForgotPasswordPage.tsx'), 'ForgotPasswordPage')],
  [paths.profile, page(() => import('./ProfilePage.tsx'), 'ProfilePage')],
  [paths.confirmEmail, page(() => import('../features/account/components/ConfirmEmailPage.tsx'), 'ConfirmEmailPage')],
  [paths.undoEmailChange, page(() => import('../features/account/components/UndoEmailChangePage.tsx'), 'UndoEmailChangePage')],
];

/** A query client made by prepareScreens for the first mount of PortalScreens. */
let prepared: QueryClient | undefined;

/**
 * Before the first render of these screens (main.tsx awaits it): loads the chunk of the screen at
 * `pathname` and asks who is logged in (the answer the page's HTML preloads), so the first screen
 * renders with its code and its session at once rather than through two rounds of "Loading...".
 */
export async function prepareScreens(pathname: string): Promise<void> {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const screen = screens.find(([p]) => p === path)?.[1];
  const client = createQueryClient();
  await Promise.all([screen?.preload().catch(() => undefined), client.prefetchQuery(currentUserQuery())]);
  prepared = client;
}

export function PortalScreens() {
  const [queryClient] = useState(() => {
    const client = prepared ?? createQueryClient();
    prepared = undefined;
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
        {screens.map(([path, screen]) => (
          <Route key={path} path={path} element={screen.element} />
        ))}
        <Route path="*" element={<Navigate to={paths.login} replace />} />
      </Routes>
    </QueryClientProvider>
  );
}
