import { lazy, Suspense } from 'react';
import { Link as RouterLink, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Box, Paper, Tab, Tabs, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Loading } from '../layout/Loading';
import { APP_ROUTES } from '../routes';

const IdTab = lazy(() => import('./IdTab'));
const StockTab = lazy(() => import('./StockTab'));
const MovementsTab = lazy(() => import('./MovementsTab'));

const TABS = Object.values(APP_ROUTES.stock);

/** My Stocks (/stock/<tab>): by reference, by platform and lot, movements. Each tab is a link. */
export default function StockModule() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const current = TABS.find((t) => pathname.startsWith(`/stock/${t}`)) ?? 'id';
  return (
    <Box component="section" aria-labelledby="stock-title">
      <Typography id="stock-title" variant="h4" component="h1" gutterBottom>
        {translate('apps.stock')}
      </Typography>
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs value={current} variant="scrollable" scrollButtons="auto" aria-label={translate('apps.stock')} component="nav">
          {TABS.map((tab) => (
            <Tab key={tab} value={tab} label={translate(`stock.tabs.${tab}`)} component={RouterLink} to={`/stock/${tab}`} />
          ))}
        </Tabs>
      </Paper>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route index element={<Navigate to="id" replace />} />
          <Route path={APP_ROUTES.stock.id} element={<IdTab />} />
          <Route path={APP_ROUTES.stock.stock} element={<StockTab />} />
          <Route path={APP_ROUTES.stock.movements} element={<MovementsTab />} />
          <Route path="*" element={<Navigate to="/stock/id" replace />} />
        </Routes>
      </Suspense>
    </Box>
  );
}
