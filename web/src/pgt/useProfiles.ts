import { useCallback, useEffect, useState } from 'react';
import type { SearchProfileDto } from '@portal/contracts';
import { listProfiles } from './profiles';

export interface Profiles {
  /** 'failed': the list could not be read; the search still works without profiles. */
  status: 'loading' | 'ready' | 'failed';
  items: SearchProfileDto[];
  reload: () => Promise<void>;
}

export function useProfiles(): Profiles {
  const [state, setState] = useState<Omit<Profiles, 'reload'>>({ status: 'loading', items: [] });
  const reload = useCallback(async () => {
    try {
      setState({ status: 'ready', items: await listProfiles() });
    } catch {
      setState((s) => ({ status: s.items.length ? 'ready' : 'failed', items: s.items }));
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { ...state, reload };
}
