import { useCallback } from 'react';
import { useNotify } from 'ra-core';
import { errorKeyOf } from '../core/api';
import { UI_PREFERENCE_DEFAULTS, type UiPreferences } from '@portal/contracts';
import { updateUser, useUser } from '../user/useUser';

/**
 * A persisted UI choice of spec §2 (last Huby tab, last Loop tab, selected profile): read from the
 * user, written through PUT /api/user/preferences so it follows the user to another computer.
 */
export function usePreference<K extends keyof UiPreferences>(key: K): [string, (value: string) => Promise<void>] {
  const user = useUser();
  const value = user?.preferences?.[key] ?? UI_PREFERENCE_DEFAULTS[key];
  const set = useCallback(
    async (next: string) => {
      await updateUser('/user/preferences', { method: 'PUT', body: { [key]: next } });
    },
    [key],
  );
  return [value, set];
}

/**
 * The last tab of a list, kept per user as `tab-<name>` (the Huby ready-to-go view, Loop); a value
 * that names no tab gives `fallback`. Choosing a tab saves it and says so if it could not.
 */
export function usePersistedTab<T extends string>(key: keyof UiPreferences, names: readonly T[], fallback: T): [T, (next: T) => void] {
  const notify = useNotify();
  const [preference, setPreference] = usePreference(key);
  const name = preference.replace(/^tab-/, '');
  const tab = (names as readonly string[]).includes(name) ? (name as T) : fallback;
  const choose = (next: T) => {
    setPreference(`tab-${next}`).catch((error: unknown) => notify(`errors.${errorKeyOf(error)}`, { type: 'error' }));
  };
  return [tab, choose];
}
