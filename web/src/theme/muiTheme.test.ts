import { getContrastRatio } from '@mui/material/styles';
import { THEMES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { muiTheme } from './muiTheme';
import { PALETTES } from './palettes';

/** WCAG AA for normal text. */
const AA = 4.5;
type Overrides = Record<string, { styleOverrides?: { root?: Record<string, { color?: string }> } }>;

describe('theme contrast (WCAG AA)', () => {
  it.each(THEMES)('%s: a contained button keeps its text readable, hovered too', (name) => {
    const { primary } = muiTheme(name, 'fr').palette;
    expect(getContrastRatio(primary.contrastText, primary.main)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(primary.contrastText, primary.dark)).toBeGreaterThanOrEqual(AA);
  });

  it.each(THEMES.filter((name) => PALETTES[name].mode === 'light'))('%s: a focused field label reads on the paper', (name) => {
    const components = muiTheme(name, 'fr').components as Overrides;
    const focused = components.MuiFormLabel?.styleOverrides?.root?.['&.Mui-focused']?.color;
    expect(focused).toBeDefined();
    expect(getContrastRatio(focused!, PALETTES[name].paper)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(focused!, PALETTES[name].background)).toBeGreaterThanOrEqual(AA);
  });

  it('keeps the dark theme’s colours as they were', () => {
    const { primary } = muiTheme('dark', 'fr').palette;
    expect(primary.main).toBe('#ff9800');
    expect((muiTheme('dark', 'fr').components as Overrides).MuiFormLabel).toBeUndefined();
  });
});
