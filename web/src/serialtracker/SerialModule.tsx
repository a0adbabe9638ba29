import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Box } from '@mui/material';
import { Loading } from '../layout/Loading';

const SerialSearch = lazy(() => import('./SerialSearch'));
const DeliveryDetail = lazy(() => import('../delivery/DeliveryDetail'));

/** Serial Tracker (/serialtracker): the orders, dates and recipients of a serial or lot number; /serialtracker/:id opens the order. */
export default function SerialModule() {
  return (
    <Box>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route index element={<SerialSearch />} />
          <Route path=":id" element={<DeliveryDetail backTo="/serialtracker" />} />
          <Route path="*" element={<Navigate to="/serialtracker" replace />} />
        </Routes>
      </Suspense>
    </Box>
  );
}
