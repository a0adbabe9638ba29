import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Box } from '@mui/material';
import { Loading } from '../layout/Loading';
import { PrintingProvider } from './printing/AutoPrint';
import { LoopRight } from './LoopRight';
import { APP_ROUTES } from '../routes';

const ShipmentList = lazy(() => import('./ShipmentList'));
const ShipmentForm = lazy(() => import('./ShipmentForm'));
const AddressBook = lazy(() => import('./AddressBook'));
const TourPlan = lazy(() => import('./TourPlan'));
const OrderImport = lazy(() => import('./OrderImport'));
const LoopList = lazy(() => import('./LoopList'));
const LoopForm = lazy(() => import('./LoopForm'));

/**
 * Dashtower/Huby (/dashtower): shipments by tab, the creation form (/dashtower/new, /dashtower/:uuid), the address books, the
 * transport plan, Loop order entry (/dashtower/loop); label printing and the auto-print job around them all.
 */
export default function HubyModule() {
  return (
    <Box component="section">
      <PrintingProvider>
        <Suspense fallback={<Loading />}>
          <Routes>
            <Route index element={<ShipmentList />} />
            <Route path={APP_ROUTES.dashtower.new} element={<ShipmentForm />} />
            <Route path={APP_ROUTES.dashtower.addresses} element={<AddressBook />} />
            <Route path={APP_ROUTES.dashtower.tours} element={<TourPlan />} />
            <Route path={APP_ROUTES.dashtower.import} element={<OrderImport />} />
            <Route path={APP_ROUTES.dashtower.loop} element={<LoopRight page={<LoopList />} />} />
            <Route path={APP_ROUTES.dashtower.loopNew} element={<LoopRight page={<LoopForm />} />} />
            <Route path={APP_ROUTES.dashtower.loopOrder} element={<LoopRight page={<LoopForm />} />} />
            <Route path={APP_ROUTES.dashtower.shipment} element={<ShipmentForm />} />
            <Route path="*" element={<Navigate to="/dashtower" replace />} />
          </Routes>
        </Suspense>
      </PrintingProvider>
    </Box>
  );
}
