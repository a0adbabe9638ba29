import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { getUser } from './core/session';
import { createI18nProvider, initialLocale, loadCatalog } from './i18n/provider';
import { applyCssTheme, asTheme, THEME_KEY } from './theme/palettes';
import './theme/base.css';

const user = getUser();
applyCssTheme(asTheme(user?.theme ?? localStorage.getItem(THEME_KEY)));
// A catalog that cannot load (server down) must not leave a blank page: French is built in.
const locale = await loadCatalog(initialLocale(user?.language?.short))
  .then(() => initialLocale(user?.language?.short))
  .catch(() => 'fr' as const);
document.documentElement.lang = locale;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App i18nProvider={createI18nProvider(locale)} />
  </StrictMode>,
);
