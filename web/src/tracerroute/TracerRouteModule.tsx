import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Loading } from '../layout/Loading';
import { DetailRoute } from '../tracking/DetailRoute';
import { APP_ROUTES } from '../routes';

const TracerRouteList = lazy(() => import('./TracerRouteList'));

/** Tracer Route (/tracerroute): deliveries by Tracer Route status, status change, carrier info, bulk POD actions. */
export default function TracerRouteModule() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route index element={<TracerRouteList />} />
        <Route path={APP_ROUTES.tracerroute.order} element={<DetailRoute listPath="/tracerroute" />} />
        <Route path="*" element={<Navigate to="/tracerroute" replace />} />
      </Routes>
    </Suspense>
  );
}
