import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Box } from '@mui/material';
import { hasAnyRole, Role } from '@portal/contracts';
import { Loading } from '../layout/Loading';
import { useUser } from '../user/useUser';
import { APP_ROUTES } from '../routes';

const FeverPlans = lazy(() => import('./FeverPlans'));
const ProbePage = lazy(() => import('./ProbePage'));
const FeverManage = lazy(() => import('./FeverManage'));

/** Fever (/fever): the plans with their probes' live values, a probe's graph and export, and the management (ADMIN_SONDE). */
export default function FeverModule() {
  const manager = hasAnyRole(useUser()?.roles ?? [], [Role.ADMIN_SONDE]);
  return (
    <Box component="section">
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route index element={<FeverPlans />} />
          <Route path={APP_ROUTES.fever.probe} element={<ProbePage />} />
          {manager && <Route path={APP_ROUTES.fever.manage} element={<FeverManage />} />}
          <Route path="*" element={<Navigate to="/fever" replace />} />
        </Routes>
      </Suspense>
    </Box>
  );
}
