// The portal's screens after the login page: the React Query provider and the route table. Each screen
// is its own chunk, loaded when first visited. This module is itself loaded lazily by main.tsx, so the
// login page does not download it. The query cache lives as long as these screens are mounted: going
// through /login (logging in, out, or as someone else) starts the next screens with an empty cache.
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client.ts';
import { paths } from './paths.ts';

function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Component = lazy<ComponentType>(async () => ({ default: (await load())[name] }));
  return (
    <Suspense fallback={<div className="page-loading">Loading...</div>}>
      <Component />
    </Suspense>
  );
}

const screens: Array<[string, React.ReactElement]> = [
  [paths.dashboard, page(() => import('../features/dashboard/components/DashboardPage.tsx'), 'DashboardPage')],
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
  [paths.setPassword, page(() => import('../features/auth/components/SetPasswordPage.tsx'), 'SetPasswordPage')],
  [paths.forgotPassword, page(() => import('../features/auth/components/ForgotPasswordPage.tsx'), 'ForgotPasswordPage')],
  [paths.profile, page(() => import('../features/account/components/ProfilePage.tsx'), 'ProfilePage')],
  [paths.confirmEmail, page(() => import('../features/account/components/ConfirmEmailPage.tsx'), 'ConfirmEmailPage')],
  [paths.undoEmailChange, page(() => import('../features/account/components/UndoEmailChangePage.tsx'), 'UndoEmailChangePage')],
];

export function PortalScreens() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
        {screens.map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
        <Route path="*" element={<Navigate to={paths.login} replace />} />
      </Routes>
    </QueryClientProvider>
  );
}
