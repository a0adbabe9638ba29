import { createTheme, type Theme } from '@mui/material/styles';
import { deDE, enUS, esES, frFR, itIT, type Localization } from '@mui/material/locale';
import type { ShortLocale, ThemeName } from '@portal/contracts';
import { PALETTES } from './palettes';

const cache = new Map<string, Theme>();

/** MUI's own texts (Open, Close, No options, Rows per page…) in the portal's language. */
const MUI_TEXTS: Record<ShortLocale, Localization> = { fr: frFR, en: enUS, es: esES, it: itIT, de: deDE };

/** MUI theme of the signed-in shell, built from the same tokens as the login page, in the portal's language. */
export function muiTheme(name: ThemeName, language: ShortLocale): Theme {
  const key = `${name}:${language}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const p = PALETTES[name];
  const theme = createTheme(
    {
      palette: {
        mode: p.mode,
        primary: { main: p.primary, contrastText: p.primaryContrast, ...(p.primaryHover && { dark: p.primaryHover }) },
        secondary: { main: p.primaryText },
        background: { default: p.background, paper: p.paper },
        text: { primary: p.text, secondary: p.textSecondary },
        error: { main: p.error },
        success: { main: p.success },
        info: { main: p.info },
        warning: { main: p.warning },
        divider: p.border,
      },
      typography: { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
      shape: { borderRadius: 10 },
      components: {
        MuiLink: { styleOverrides: { root: { color: p.primaryText } } },
        MuiButton: {
          styleOverrides: {
            text: { color: p.primaryText },
            outlined: { color: p.primaryText, borderColor: p.primaryText },
          },
        },
        MuiTab: { styleOverrides: { root: { '&.Mui-selected': { color: p.primaryText } } } },
        // Light themes: the focused label and outline take the darker orange (the bright one is under 3:1 on white).
        ...(p.mode === 'light' && {
          MuiFormLabel: { styleOverrides: { root: { '&.Mui-focused': { color: p.primaryText } } } },
          MuiOutlinedInput: {
            styleOverrides: { root: { '&.Mui-focused .MuiOutlinedInput-notchedOutline': { borderColor: p.primaryText } } },
          },
          MuiInput: { styleOverrides: { underline: { '&:after': { borderBottomColor: p.primaryText } } } },
          MuiFilledInput: { styleOverrides: { underline: { '&:after': { borderBottomColor: p.primaryText } } } },
        }),
        MuiCssBaseline: { styleOverrides: { a: { color: p.primaryText } } },
      },
    },
    MUI_TEXTS[language],
  );
  cache.set(key, theme);
  return theme;
}
