import { useTranslate } from 'ra-core';
import { LOCALES } from '@portal/contracts';
import { useLanguage } from '../i18n/useLanguage';

export function LanguageSelect() {
  const translate = useTranslate();
  const [locale, setLocale] = useLanguage();
  return (
    <div className="lang">
      <label htmlFor="login-language">{translate('login.language')}</label>
      <select id="login-language" value={locale} onChange={(e) => setLocale(e.target.value)}>
        {LOCALES.map((l) => (
          <option key={l.short} value={l.short} lang={l.short}>
            {l.label}
          </option>
        ))}
      </select>
    </div>
  );
}
