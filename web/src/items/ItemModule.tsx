import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Box } from '@mui/material';
import { Loading } from '../layout/Loading';
import { APP_ROUTES } from '../routes';

const ItemList = lazy(() => import('./ItemList'));
const ItemSheet = lazy(() => import('./ItemSheet'));

/** My Items (/item): search, and the item sheet /item/:id. */
export default function ItemModule() {
  return (
    <Box component="section">
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route index element={<ItemList />} />
          <Route path={APP_ROUTES.item.item} element={<ItemSheet />} />
        </Routes>
      </Suspense>
    </Box>
  );
}
