import { useTranslate } from 'ra-core';
import { ModuleFrame } from '../apps/ModuleFrame';

/** Pack and Go Tracer (/pgt): tracker search, next results, profiles, exports; /pgt/:id opens the delivery detail. */
export default function PgtModule() {
  const translate = useTranslate();
  return <ModuleFrame title={translate('apps.pgt')} />;
}
