import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Box } from '@mui/material';
import { Loading } from '../layout/Loading';
import { PrintingProvider } from './printing/AutoPrint';
import { LoopRight } from './LoopRight';

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
            <Route path="new" element={<ShipmentForm />} />
            <Route path="addresses" element={<AddressBook />} />
            <Route path="tours" element={<TourPlan />} />
            <Route path="import" element={<OrderImport />} />
            <Route path="loop" element={<LoopRight page={<LoopList />} />} />
            <Route path="loop/new" element={<LoopRight page={<LoopForm />} />} />
            <Route path="loop/:uuid" element={<LoopRight page={<LoopForm />} />} />
            <Route path=":uuid" element={<ShipmentForm />} />
            <Route path="*" element={<Navigate to="/dashtower" replace />} />
          </Routes>
        </Suspense>
      </PrintingProvider>
    </Box>
  );
}
