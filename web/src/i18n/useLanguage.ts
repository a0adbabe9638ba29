import { useLocaleState } from 'ra-core';
import { shortLocale, type ShortLocale } from '@portal/contracts';
import { LOCALE_KEY } from './provider';

/** The current short locale and a setter that also remembers it for the next visit. */
export function useLanguage(): [ShortLocale, (next: string) => void] {
  const [locale, setLocale] = useLocaleState();
  const change = (next: string) => {
    const short = shortLocale(next);
    localStorage.setItem(LOCALE_KEY, short);
    document.documentElement.lang = short;
    setLocale(short);
  };
  return [shortLocale(locale), change];
}
