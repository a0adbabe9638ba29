import { useTranslate } from 'ra-core';
import { ModuleFrame } from '../apps/ModuleFrame';

/** Serial Tracker (/serialtracker): the orders, dates and recipients of a serial or lot number. */
export default function SerialModule() {
  const translate = useTranslate();
  return <ModuleFrame title={translate('apps.serialtracker')} />;
}
