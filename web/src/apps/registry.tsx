import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AppModuleId } from '../routes';

/**
 * Where each application module plugs its page. A later issue adds its line here, e.g.
 *   pgt: lazy(() => import('../pgt/PgtModule')),
 * and its code is then fetched only when the user opens /pgt. The module is mounted on
 * `<route>/*`, so it owns its sub-routes. Apps not listed show the module frame.
 */
export const APP_MODULES: Partial<Record<AppModuleId, LazyExoticComponent<ComponentType>>> = {
  pgt: lazy(() => import('../pgt/PgtModule')),
  tracerroute: lazy(() => import('../tracerroute/TracerRouteModule')),
  serialtracker: lazy(() => import('../serialtracker/SerialModule')),
  stock: lazy(() => import('../stock/StockModule')),
  item: lazy(() => import('../items/ItemModule')),
  dashtower: lazy(() => import('../huby/HubyModule')),
  'geo-order': lazy(() => import('../geo-order/GeoOrderModule')),
  claim: lazy(() => import('../claims/ClaimsModule')),
  fever: lazy(() => import('../fever/FeverModule')),
  vip: lazy(() => import('../alerts/AlertsModule').then((m) => ({ default: m.VipModule }))),
  doc: lazy(() => import('../alerts/AlertsModule').then((m) => ({ default: m.DocModule }))),
  admin: lazy(() => import('../admin/AdminModule')),
};

/** The reports library (/report) and its reports (/report/{id}). */
export const ReportModule: LazyExoticComponent<ComponentType> = lazy(() => import('../reports/ReportsModule'));
