import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Box } from '@mui/material';
import { Loading } from '../layout/Loading';
import { APP_ROUTES } from '../routes';

const SerialSearch = lazy(() => import('./SerialSearch'));
const DeliveryDetail = lazy(() => import('../delivery/DeliveryDetail'));

/** Serial Tracker (/serialtracker): the orders, dates and recipients of a serial or lot number; /serialtracker/:id opens the order. */
export default function SerialModule() {
  return (
    <Box>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route index element={<SerialSearch />} />
          <Route path={APP_ROUTES.serialtracker.order} element={<DeliveryDetail backTo="/serialtracker" />} />
          <Route path="*" element={<Navigate to="/serialtracker" replace />} />
        </Routes>
      </Suspense>
    </Box>
  );
}
