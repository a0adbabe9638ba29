import type { ReactNode } from 'react';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { deDE, enUS, esES, frFR, itIT } from '@mui/x-date-pickers/locales';
import { de, enGB, es, fr, it } from 'date-fns/locale';
import type { ShortLocale } from '@portal/contracts';
import { useLanguage } from '../i18n/useLanguage';

/**
 * The date-fns locale (month and day names, Monday first) and the pickers' own texts of each portal
 * language. English is en-GB: spec §9 dates are DD/MM/YYYY and 24 h in every language.
 */
const DATE_LOCALES = {
  fr: [fr, frFR],
  en: [enGB, enUS],
  de: [de, deDE],
  es: [es, esES],
  it: [it, itIT],
} as const satisfies Record<ShortLocale, readonly unknown[]>;

/** The date pickers of the shell in the portal's language (not the browser's). */
export function DateLocalization({ children }: { children: ReactNode }) {
  const [locale] = useLanguage();
  const [adapterLocale, texts] = DATE_LOCALES[locale];
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={adapterLocale}
      localeText={texts.components.MuiLocalizationProvider.defaultProps.localeText}
    >
      {children}
    </LocalizationProvider>
  );
}
