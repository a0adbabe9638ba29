import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { getUser } from './core/session';
import { createI18nProvider, initialLocale, startCatalog } from './i18n/provider';
import { applyCssTheme, asTheme, THEME_KEY } from './theme/palettes';
import './theme/base.css';

const user = getUser();
applyCssTheme(asTheme(user?.theme ?? localStorage.getItem(THEME_KEY)));
// French's public words are built in: its whole catalogue loads beside the login page (issue 36).
const locale = await startCatalog(initialLocale(user?.language?.short));
document.documentElement.lang = locale;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App i18nProvider={createI18nProvider(locale)} />
  </StrictMode>,
);
