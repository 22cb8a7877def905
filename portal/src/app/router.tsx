// The portal's route table. Each screen is its own chunk, loaded when first visited, so the login
// page does not download the dashboard, the admin panel or the payment form.
import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { paths } from './paths.ts';
import { LoginPage } from '../features/auth/components/LoginPage.tsx';

function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Component = lazy<ComponentType>(async () => ({ default: (await load())[name] }));
  return (
    <Suspense fallback={<div className="page-loading">Loading...</div>}>
      <Component />
    </Suspense>
  );
}

export const router = createBrowserRouter([
  { path: paths.login, element: <LoginPage /> },
  { path: paths.dashboard, element: page(() => import('../features/dashboard/components/DashboardPage.tsx'), 'DashboardPage') },
  { path: paths.transferCheckout, element: page(() => import('../features/transfer-checkout/components/TransferCheckoutPage.tsx'), 'TransferCheckoutPage') },
  { path: paths.admin, element: page(() => import('../features/admin/components/AdminPage.tsx'), 'AdminPage') },
  { path: paths.training, element: page(() => import('../features/training/components/TrainingPage.tsx'), 'TrainingPage') },
  { path: paths.trainingAdminLogin, element: page(() => import('../features/training/components/TrainingAdminLoginPage.tsx'), 'TrainingAdminLoginPage') },
  { path: paths.trainingAdmin, element: page(() => import('../features/training/components/TrainingAdminPage.tsx'), 'TrainingAdminPage') },
  { path: paths.myTransfers, element: page(() => import('../features/transfers/components/MyTransfersPage.tsx'), 'MyTransfersPage') },
  { path: paths.results, element: page(() => import('../features/results/components/ResultsPage.tsx'), 'ResultsPage') },
  { path: paths.receipt, element: page(() => import('../features/transfers/components/ReceiptPage.tsx'), 'ReceiptPage') },
  { path: paths.adminDisputes, element: page(() => import('../features/transfer-disputes-admin/components/DisputesAdminPage.tsx'), 'DisputesAdminPage') },
  { path: paths.setPassword, element: page(() => import('../features/auth/components/SetPasswordPage.tsx'), 'SetPasswordPage') },
  { path: paths.forgotPassword, element: page(() => import('../features/auth/components/ForgotPasswordPage.tsx'), 'ForgotPasswordPage') },
  { path: paths.profile, element: page(() => import('../features/account/components/ProfilePage.tsx'), 'ProfilePage') },
  { path: paths.confirmEmail, element: page(() => import('../features/account/components/ConfirmEmailPage.tsx'), 'ConfirmEmailPage') },
  { path: '*', element: <Navigate to={paths.login} replace /> },
]);
