import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { PORTAL_APPS } from '@portal/contracts';
import type { UserDto } from '@portal/contracts';
import { api } from '../core/api';
import { setUser } from '../core/session';
import { useUser } from '../user/useUser';
import { muiTheme } from '../theme/muiTheme';
import { applyCssTheme, asTheme } from '../theme/palettes';
import { useLanguage } from '../i18n/useLanguage';
import { useTrackingWordsReady } from '../i18n/trackingWords';
import { AppRoute } from '../apps/AppRoute';
import { ReportModule } from '../apps/registry';
import { NotFoundPage } from '../errors/NotFoundPage';
import { Loading } from './Loading';
import { PortalLayout } from './PortalLayout';
import { DateLocalization } from '../dates/DateLocalization';
import { SHELL_ROUTES } from '../routes';

const DashboardPage = lazy(() => import('../dashboard/DashboardPage'));
const SettingsPage = lazy(() => import('../settings/SettingsPage'));
const ExportDownloadPage = lazy(() => import('../exports/ExportDownloadPage'));

/** Everything a signed-in user sees: MUI theme, layout and the routes of spec §2. */
export default function Shell() {
  const user = useUser();
  const theme = asTheme(user?.theme);
  const [locale, setLocale] = useLanguage();
  // The provider's words for statuses and events (one small read): the pages re-render with them when it
  // answers. Not a gate: hiding the routes until then unmounted open forms (an alert's edits were lost).
  useTrackingWordsReady();

  // Fresh roles and settings at each start (they may have changed since the last visit).
  useEffect(() => {
    api<UserDto>('/user/me')
      .then(setUser)
      .catch(() => undefined);
  }, []);
  useEffect(() => applyCssTheme(theme), [theme]);
  const userLocale = user?.language?.short;
  useEffect(() => {
    if (userLocale && userLocale !== locale) setLocale(userLocale);
  }, [userLocale]);

  return (
    <ThemeProvider theme={muiTheme(theme, locale)}>
      <CssBaseline />
      <DateLocalization>
        <PortalLayout>
          <Suspense fallback={<Loading />}>
            <Routes>
              <Route path="/" element={<Navigate to={SHELL_ROUTES.dashboard} replace />} />
              <Route path={SHELL_ROUTES.dashboard} element={<DashboardPage />} />
              <Route path={`${SHELL_ROUTES.settings}/*`} element={<SettingsPage />} />
              <Route path={SHELL_ROUTES.exportDownload} element={<ExportDownloadPage />} />
              {PORTAL_APPS.map((app) => (
                <Route key={app.id} path={`${app.route}/*`} element={<AppRoute app={app} />} />
              ))}
              <Route path={`${SHELL_ROUTES.reports}/*`} element={<ReportModule />} />
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
          </Suspense>
        </PortalLayout>
      </DateLocalization>
    </ThemeProvider>
  );
}
