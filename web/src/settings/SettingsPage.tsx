import { lazy, Suspense } from 'react';
import { Link as RouterLink, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Box, Paper, Tab, Tabs, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { API_KEY_MANAGERS, hasAnyRole } from '@portal/contracts';
import { Loading } from '../layout/Loading';
import { useUser } from '../user/useUser';
import { GeneralTab } from './GeneralTab';

const FilterTab = lazy(() => import('./FilterTab'));
const PasswordTab = lazy(() => import('./PasswordTab'));
const ProfileTab = lazy(() => import('./ProfileTab'));
const ProblemReportTab = lazy(() => import('./ProblemReportTab'));
const EmailTemplateTab = lazy(() => import('./EmailTemplateTab'));
const LogoutTab = lazy(() => import('./LogoutTab'));
const ActivityTab = lazy(() => import('./ActivityTab'));
const IntegrationsTab = lazy(() => import('./IntegrationsTab'));

const TABS = ['general', 'filter', 'password', 'profile', 'activity', 'problem', 'email', 'integrations', 'logout'] as const;

/** /settings/<tab>: each tab is a link, so a tab can be bookmarked and opened directly. */
export default function SettingsPage() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  // Intégrations (API keys, issue 35): for the administrators of users, their depositors' or the provider's.
  const managesKeys = hasAnyRole(useUser()?.roles ?? [], API_KEY_MANAGERS);
  const tabs = TABS.filter((t) => t !== 'integrations' || managesKeys);
  // Intégrations holds its own sections (/settings/integrations/webhooks/:id): the tab stays chosen under it.
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
              <Route path="general" element={<GeneralTab />} />
              <Route path="filter" element={<FilterTab />} />
              <Route path="password" element={<PasswordTab />} />
              <Route path="profile" element={<ProfileTab />} />
              <Route path="activity" element={<ActivityTab />} />
              <Route path="problem" element={<ProblemReportTab />} />
              <Route path="email" element={<EmailTemplateTab />} />
              {managesKeys && <Route path="integrations/*" element={<IntegrationsTab />} />}
              <Route path="logout" element={<LogoutTab />} />
              <Route path="*" element={<Navigate to="/settings/general" replace />} />
            </Routes>
          </Suspense>
        </Box>
      </Paper>
    </Box>
  );
}
