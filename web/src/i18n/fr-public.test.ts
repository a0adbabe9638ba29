import { afterEach, describe, expect, it, vi } from 'vitest';
import { fr } from './fr';
import { frPublic, WHOLE_PUBLIC_SECTIONS } from './fr-public';

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}
const whole = flatten(fr as Tree);
const part = flatten(frPublic as Tree);

describe('the French of the screens before sign-in (fr-public.ts, issue 36)', () => {
  it('says each word exactly as fr.ts does: one truth', () => {
    const differing = [...part].filter(([key, text]) => whole.get(key) !== text).map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it('has every key of the sections it copies whole (login, reset, outage screen)', () => {
    const missing = [...whole.keys()].filter(
      (key) => WHOLE_PUBLIC_SECTIONS.some((section) => key.startsWith(`${section}.`)) && !part.has(key),
    );
    expect(missing).toEqual([]);
  });
});

describe('the French catalogue loaded beside the login page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.doUnmock('./bundles/fr');
    vi.doUnmock('./bundles/en');
    vi.resetModules();
  });

  it('shows the public words at once, and every word once wholeCatalog has resolved', async () => {
    vi.resetModules();
    const { createI18nProvider, startCatalog, wholeCatalog } = await import('./provider');
    expect(await startCatalog('fr')).toBe('fr');
    const provider = createI18nProvider('fr');
    expect(provider.translate('login.submit')).toBe(fr.login.submit);
    await wholeCatalog();
    expect(provider.translate('login.submit')).toBe(fr.login.submit);
    expect(provider.translate('nav.dashboard')).toBe(fr.nav.dashboard);
    expect(provider.translate('ra.action.save')).toBe('Enregistrer');
  });

  it('shows the public words until then: the Shell waits for wholeCatalog, never a raw key', async () => {
    vi.resetModules();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    vi.doMock('./bundles/fr', async () => {
      await gate;
      return { default: { nav: { dashboard: 'Tableau' } } };
    });
    const { createI18nProvider, startCatalog, wholeCatalog } = await import('./provider');
    await startCatalog('fr');
    const provider = createI18nProvider('fr');
    expect(provider.translate('login.title')).toBe(fr.login.title);
    expect(provider.translate('nav.dashboard')).toBe('nav.dashboard');
    const done = wholeCatalog();
    release();
    await done;
    expect(provider.translate('nav.dashboard')).toBe('Tableau');
  });

  it('rejects wholeCatalog when the catalogue cannot load (the Shell shows its error page), the login page unharmed', async () => {
    vi.resetModules();
    vi.doMock('./bundles/fr', () => Promise.reject(new Error('offline')));
    const { createI18nProvider, startCatalog, wholeCatalog } = await import('./provider');
    expect(await startCatalog('fr')).toBe('fr');
    const provider = createI18nProvider('fr');
    expect(provider.translate('errors.serverUnavailable')).toBe(fr.errors.serverUnavailable);
    await expect(wholeCatalog()).rejects.toThrow();
    expect(provider.translate('login.submit')).toBe(fr.login.submit);
  });

  it('falls back to French when another language cannot load', async () => {
    vi.resetModules();
    vi.doMock('./bundles/en', () => Promise.reject(new Error('offline')));
    const { startCatalog } = await import('./provider');
    expect(await startCatalog('en')).toBe('fr');
  });

  it('waits for a language picked on the login page before handing it out', async () => {
    vi.resetModules();
    const { createI18nProvider, startCatalog } = await import('./provider');
    expect(await startCatalog('en')).toBe('en');
    const provider = createI18nProvider('en');
    expect(provider.translate('login.submit')).toBe('Sign in');
    await provider.changeLocale('fr');
    expect(provider.translate('login.submit')).toBe(fr.login.submit);
    expect(provider.translate('nav.dashboard')).toBe(fr.nav.dashboard);
  });

  it('changes to French with the whole catalogue, even from the public words', async () => {
    vi.resetModules();
    const { createI18nProvider, startCatalog } = await import('./provider');
    await startCatalog('fr');
    const provider = createI18nProvider('fr');
    await provider.changeLocale('fr');
    expect(provider.translate('nav.dashboard')).toBe(fr.nav.dashboard);
  });

  it('starts the whole French on the login page at the user’s first move, or after a short wait', async () => {
    for (const move of ['keydown', null]) {
      vi.resetModules();
      vi.useFakeTimers();
      vi.stubGlobal('window', new EventTarget());
      const fetched = vi.fn(() => ({ default: { nav: { dashboard: 'Tableau' } } }));
      vi.doMock('./bundles/fr', fetched);
      const { FRENCH_LOAD_WAIT_MS, startCatalog } = await import('./provider');
      expect(await startCatalog('fr')).toBe('fr');
      await vi.advanceTimersByTimeAsync(FRENCH_LOAD_WAIT_MS - 100);
      expect(fetched).not.toHaveBeenCalled();
      if (move) window.dispatchEvent(new Event(move));
      else await vi.advanceTimersByTimeAsync(100);
      await vi.waitFor(() => expect(fetched).toHaveBeenCalledTimes(1));
      window.dispatchEvent(new Event('pointerdown'));
      await vi.advanceTimersByTimeAsync(FRENCH_LOAD_WAIT_MS);
      expect(fetched).toHaveBeenCalledTimes(1);
      vi.doUnmock('./bundles/fr');
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });
});
