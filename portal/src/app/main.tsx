// The portal's entry and first-screen router: /login renders here with nothing but the UI runtime and
// the router; every other path loads the screens' chunk (React Query and the route table of lazily
// loaded screens, router.tsx), so the login page downloads no data, form or validation library.
import { StrictMode, lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ToastProvider } from '../components/toast.tsx';
import { LoginPage } from '../features/auth/components/LoginPage.tsx';
import { paths } from './paths.ts';
import './styles.css';

const PortalScreens = lazy(async () => ({ default: (await import('./router.tsx')).PortalScreens }));
// The portal home is the first screen after logging in: its chunk loads beside the route table's, not
// after it (decision 185), so Home paints a round trip sooner.
if (location.pathname === paths.dashboard) void import('../features/dashboard/components/DashboardPage.tsx');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ToastProvider>
      <BrowserRouter>
        <Routes>
          <Route path={paths.login} element={<LoginPage />} />
          <Route
            path="*"
            element={
              <Suspense fallback={<div className="page-loading">Loading...</div>}>
                <PortalScreens />
              </Suspense>
            }
          />
        </Routes>
      </BrowserRouter>
    </ToastProvider>
  </StrictMode>,
);
