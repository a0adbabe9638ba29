import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Loading } from '../layout/Loading';
import { DetailRoute } from '../tracking/DetailRoute';
import { APP_ROUTES } from '../routes';

const TrackerSearch = lazy(() => import('./TrackerSearch'));

/** Pack and Go Tracer (/pgt): tracker search, next results, profiles, exports; /pgt/:id opens the delivery detail. */
export default function PgtModule() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route index element={<TrackerSearch />} />
        <Route path={APP_ROUTES.pgt.order} element={<DetailRoute listPath="/pgt" />} />
        <Route path="*" element={<Navigate to="/pgt" replace />} />
      </Routes>
    </Suspense>
  );
}
