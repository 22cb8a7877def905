// The portal's entry and first-screen router: /login renders here with nothing but the UI runtime and
// the router; every other path loads the screens' chunk (React Query and the route table of lazily
// loaded screens, router.tsx), so the login page downloads no data, form or validation library.
import { StrictMode, lazy, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ToastProvider } from '../components/toast.tsx';
import { LoginPage } from '../features/auth/components/LoginPage.tsx';
import { paths } from './paths.ts';
import './styles.css';

/** The route table's chunk, then the first screen's chunk and the session (the HTML preloads all three). */
async function loadScreens(): Promise<ComponentType> {
  const router = await import('./router.tsx');
  await router.prepareScreens(location.pathname);
  return router.PortalScreens;
}

// Reached from /login (logging in), the screens load on the way, under "Loading...".
const LazyScreens = lazy(async () => ({ default: await loadScreens() }));

function render(Screens: ComponentType | null) {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ToastProvider>
        <BrowserRouter>
          <Routes>
            <Route path={paths.login} element={<LoginPage />} />
            <Route
              path="*"
              element={
                Screens ? (
                  <Screens />
                ) : (
                  <Suspense fallback={<div className="page-loading">Loading...</div>}>
                    <LazyScreens />
                  </Suspense>
                )
              }
            />
          </Routes>
        </BrowserRouter>
      </ToastProvider>
    </StrictMode>,
  );
}

// Opened on any other screen, the first render waits for that screen's code and session, so React paints
// it once: a first render that suspended would reveal the screen no sooner than 300 ms after its
// "Loading..." (React's fallback throttle). Meanwhile the HTML's own "Loading..." shows (decision 205).
if (location.pathname === paths.login) render(null);
else loadScreens().then(render, () => render(null));
