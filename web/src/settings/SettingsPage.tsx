import { lazy, Suspense, type ComponentType } from 'react';
import { Link as RouterLink, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Box, Paper, Tab, Tabs, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { API_KEY_MANAGERS, hasAnyRole } from '@portal/contracts';
import { Loading } from '../layout/Loading';
import { SETTINGS_PAGES, SETTINGS_TAB_ROLES, SETTINGS_TABS, type SettingsTab } from '../routes';
import { useUser } from '../user/useUser';
import { GeneralTab } from './GeneralTab';

/** Each tab's page (a tab with pages of its own, SETTINGS_PAGES, mounts them itself). */
const TAB_PAGES: Record<SettingsTab, ComponentType> = {
  general: GeneralTab,
  filter: lazy(() => import('./FilterTab')),
  password: lazy(() => import('./PasswordTab')),
  profile: lazy(() => import('./ProfileTab')),
  activity: lazy(() => import('./ActivityTab')),
  problem: lazy(() => import('./ProblemReportTab')),
  email: lazy(() => import('./EmailTemplateTab')),
  integrations: lazy(() => import('./IntegrationsTab')),
  logout: lazy(() => import('./LogoutTab')),
};

/** The role lists SETTINGS_TAB_ROLES names, from @portal/contracts. */
const ROLE_LISTS = { API_KEY_MANAGERS } satisfies Record<(typeof SETTINGS_TAB_ROLES)[keyof typeof SETTINGS_TAB_ROLES], readonly string[]>;
const TAB_ROLES: Partial<Record<SettingsTab, keyof typeof ROLE_LISTS>> = SETTINGS_TAB_ROLES;

/** /settings/<tab>: each tab is a link, so a tab can be bookmarked and opened directly. */
export default function SettingsPage() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const roles = useUser()?.roles ?? [];
  // Intégrations (API keys, issue 35): for the administrators of users, their depositors' or the provider's.
  const tabs = SETTINGS_TABS.filter((t) => {
    const needed = TAB_ROLES[t];
    return !needed || hasAnyRole(roles, ROLE_LISTS[needed]);
  });
  // A tab with pages of its own (/settings/integrations/webhooks/:id) stays chosen on them.
  const current = tabs.find((t) => pathname === `/settings/${t}` || pathname.startsWith(`/settings/${t}/`)) ?? 'general';
  return (
    <Box component="section" aria-labelledby="settings-title">
      <Typography id="settings-title" variant="h4" component="h1" gutterBottom>
        {translate('settings.title')}
      </Typography>
      <Paper variant="outlined">
        <Tabs value={current} variant="scrollable" scrollButtons="auto" aria-label={translate('settings.title')} component="nav">
          {tabs.map((tab) => (
            <Tab key={tab} value={tab} label={translate(`settings.tabs.${tab}`)} component={RouterLink} to={`/settings/${tab}`} />
          ))}
        </Tabs>
        <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: current === 'activity' || current === 'integrations' ? undefined : 760 }}>
          <Suspense fallback={<Loading />}>
            <Routes>
              <Route index element={<Navigate to="general" replace />} />
              {tabs.map((tab) => {
                const Page = TAB_PAGES[tab];
                return <Route key={tab} path={tab in SETTINGS_PAGES ? `${tab}/*` : tab} element={<Page />} />;
              })}
              <Route path="*" element={<Navigate to="/settings/general" replace />} />
            </Routes>
          </Suspense>
        </Box>
      </Paper>
    </Box>
  );
}
