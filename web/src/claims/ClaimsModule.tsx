import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Box } from '@mui/material';
import { Loading } from '../layout/Loading';
import { APP_ROUTES } from '../routes';

const ClaimList = lazy(() => import('./ClaimList'));
const ClaimForm = lazy(() => import('./ClaimForm'));
const ClaimView = lazy(() => import('./ClaimView'));

/** Claims (/claim): the lists, the creation flow (/claim/new?number=&order_id=), a draft's edition, the view with the processing. */
export default function ClaimsModule() {
  return (
    <Box component="section">
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route index element={<ClaimList />} />
          <Route path={APP_ROUTES.claim.new} element={<ClaimForm />} />
          <Route path={APP_ROUTES.claim.edit} element={<ClaimForm />} />
          <Route path={APP_ROUTES.claim.claim} element={<ClaimView />} />
          <Route path="*" element={<Navigate to="/claim" replace />} />
        </Routes>
      </Suspense>
    </Box>
  );
}
