import { DEFAULT_THEME, THEMES, type ThemeName } from '@portal/contracts';

/**
 * The four themes of spec §1 as plain colour tokens, shared by the light login page (CSS
 * variables) and the MUI theme of the authenticated shell. Primary is always orange, with shades
 * chosen so text and buttons keep a WCAG AA contrast on each background.
 */
export interface Palette {
  mode: 'light' | 'dark';
  background: string;
  paper: string;
  text: string;
  textSecondary: string;
  primary: string;
  primaryContrast: string;
  /**
   * A contained button's hover (MUI's primary.dark), where MUI's own darkening of the primary (30 %)
   * leaves its text under AA contrast; otherwise MUI derives it.
   */
  primaryHover?: string;
  /** Orange used for text and links on the background (darker on light themes). */
  primaryText: string;
  border: string;
  error: string;
  success: string;
  info: string;
  /** Warnings (a chip, an alert's text): dark enough on light themes for AA contrast, unlike MUI's default orange. */
  warning: string;
}

export const PALETTES: Record<ThemeName, Palette> = {
  dark: {
    mode: 'dark',
    background: '#121212',
    paper: '#1e1e1e',
    text: '#f5f5f5',
    textSecondary: '#c2c2c2',
    primary: '#ff9800',
    primaryContrast: '#000000',
    primaryText: '#ffb74d',
    border: '#5c5c5c',
    error: '#ff8a80',
    success: '#81c784',
    info: '#81d4fa',
    warning: '#ffcc80',
  },
  light: {
    mode: 'light',
    background: '#f6f6f4',
    paper: '#ffffff',
    text: '#1c1c1c',
    textSecondary: '#4d4d4d',
    primary: '#f57c00',
    primaryContrast: '#000000',
    primaryHover: '#c46300',
    primaryText: '#a64500',
    border: '#8a8a8a',
    error: '#b3261e',
    success: '#1e6b2f',
    info: '#0b5c8c',
    warning: '#8a4a00',
  },
  trees: {
    mode: 'light',
    background: '#eaf2e6',
    paper: '#fbfdf9',
    text: '#17301c',
    textSecondary: '#3c5541',
    primary: '#f57c00',
    primaryContrast: '#000000',
    primaryHover: '#c46300',
    primaryText: '#9c4100',
    border: '#7c917f',
    error: '#a8231b',
    success: '#1d6a2d',
    info: '#0d5a7a',
    warning: '#7f4400',
  },
  lagoon: {
    mode: 'dark',
    background: '#062a3c',
    paper: '#0c3a52',
    text: '#e8f6fa',
    textSecondary: '#b6d6e0',
    primary: '#ffa726',
    primaryContrast: '#000000',
    primaryText: '#ffc061',
    border: '#5b8799',
    error: '#ffab91',
    success: '#a5d6a7',
    info: '#80deea',
    warning: '#ffd180',
  },
};

export const THEME_KEY = 'portal.theme';

export function asTheme(value: string | null | undefined): ThemeName {
  return (THEMES as readonly string[]).includes(value ?? '') ? (value as ThemeName) : DEFAULT_THEME;
}

/** Applies a theme to the light pages (login, reset, service unavailable) through CSS variables. */
export function applyCssTheme(theme: ThemeName): void {
  const p = PALETTES[theme];
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = p.mode;
  const vars: Record<string, string> = {
    '--bg': p.background,
    '--paper': p.paper,
    '--text': p.text,
    '--text-2': p.textSecondary,
    '--primary': p.primary,
    '--primary-contrast': p.primaryContrast,
    '--primary-text': p.primaryText,
    '--border': p.border,
    '--error': p.error,
    '--success': p.success,
    '--info': p.info,
    '--warning': p.warning,
  };
  for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
}
