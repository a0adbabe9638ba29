import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Box } from '@mui/material';
import { Loading } from '../layout/Loading';
import type { AlertScreen } from './model';
import { APP_ROUTES } from '../routes';

const AlertList = lazy(() => import('./AlertList'));
const AlertFormPage = lazy(() => import('./AlertFormPage'));

/** My VIP (/vip) or My DOC (/doc): Hello, the user's alerts of that screen, and the alert form (/new, /:id). */
function AlertsModule({ screen }: { screen: AlertScreen }) {
  return (
    <Box component="section">
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route index element={<AlertList screen={screen} />} />
          <Route path={APP_ROUTES[screen].new} element={<AlertFormPage key="new" screen={screen} />} />
          <Route path={APP_ROUTES[screen].alert} element={<AlertFormPage screen={screen} />} />
          <Route path="*" element={<Navigate to={`/${screen}`} replace />} />
        </Routes>
      </Suspense>
    </Box>
  );
}

export const VipModule = () => <AlertsModule screen="vip" />;
export const DocModule = () => <AlertsModule screen="doc" />;
