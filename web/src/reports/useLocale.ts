import { useLocaleState } from 'ra-core';
import type { Labels5 } from '@portal/contracts';

/** The short locale the report titles are read in (fr, en, es, it, de). */
export function useReportLocale(): keyof Labels5 {
  const [locale] = useLocaleState();
  const short = locale.slice(0, 2);
  return (['fr', 'en', 'es', 'it', 'de'].includes(short) ? short : 'en') as keyof Labels5;
}
