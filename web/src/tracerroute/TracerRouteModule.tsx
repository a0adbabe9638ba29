import { useTranslate } from 'ra-core';
import { ModuleFrame } from '../apps/ModuleFrame';

/** Tracer Route (/tracerroute): deliveries by Tracer Route status, status change, carrier info, bulk POD actions. */
export default function TracerRouteModule() {
  const translate = useTranslate();
  return <ModuleFrame title={translate('apps.tracerroute')} />;
}
