import { useCallback } from 'react';
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
