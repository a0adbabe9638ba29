import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Loading } from '../layout/Loading';
import { NotFoundPage } from '../errors/NotFoundPage';
import { REPORT_ROUTES } from '../routes';

const ReportsLibrary = lazy(() => import('./ReportsLibrary'));
const ReportPage = lazy(() => import('./ReportPage'));

/** The reports library (/report) and the reports (/report/{id}, spec §2); rights are the server's (403 screen). */
export default function ReportsModule() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route index element={<ReportsLibrary />} />
        <Route path={REPORT_ROUTES.report} element={<ReportPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
