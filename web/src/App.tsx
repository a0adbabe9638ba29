import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { CoreAdminContext, type I18nProvider } from 'ra-core';
import { authProvider } from './core/authProvider';
import { dataProvider } from './core/dataProvider';
import { LoginPage } from './auth/LoginPage';
import { RequireAuth } from './auth/RequireAuth';
import { SessionWatcher } from './auth/SessionWatcher';
import { Notices } from './notifications/Notices';
import { ServerGate } from './server/ServerGate';
import { ChunkErrorBoundary } from './server/ChunkErrorBoundary';
import { Loading, PageError } from './layout/Loading';
import { PUBLIC_ROUTES } from './routes';
import { wholeCatalog } from './i18n/provider';

// Everything behind the login (MUI, layout, pages) is fetched only once the user is signed in, with the
// whole catalogue of the language (the entry has only the French of the screens before sign-in).
const Shell = lazy(() => Promise.all([import('./layout/Shell'), wholeCatalog()]).then(([shell]) => shell));
const ResetPasswordPage = lazy(() => import('./auth/ResetPasswordPage'));

export function App({ i18nProvider }: { i18nProvider: I18nProvider }) {
  return (
    // Our own BrowserRouter: without it ra-core would create a HashRouter (no "#/" URLs here).
    <BrowserRouter>
      <CoreAdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <SessionWatcher />
        <ServerGate>
          <ChunkErrorBoundary fallback={<PageError />}>
            <Suspense fallback={<Loading />}>
              <Routes>
                <Route path={PUBLIC_ROUTES.login} element={<LoginPage />} />
                <Route path={PUBLIC_ROUTES.resetPassword} element={<ResetPasswordPage />} />
                <Route
                  path="*"
                  element={
                    <RequireAuth>
                      <Shell />
                    </RequireAuth>
                  }
                />
              </Routes>
            </Suspense>
          </ChunkErrorBoundary>
        </ServerGate>
        <Notices />
      </CoreAdminContext>
    </BrowserRouter>
  );
}
