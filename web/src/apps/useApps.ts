import { useEffect, useState } from 'react';
import { api } from '../core/api';

export interface PersonalApp {
  id: string;
  route: string;
  labelKey: string;
}

let cache: Promise<PersonalApp[]> | null = null;
let cachedFor: string | null = null;

/** The application tiles the server grants this user (GET /api/dashboard/personnal/apps). */
export function useApps(userUuid: string | undefined): PersonalApp[] | null {
  const [apps, setApps] = useState<PersonalApp[] | null>(null);
  useEffect(() => {
    if (!userUuid) return;
    if (cachedFor !== userUuid || !cache) {
      cachedFor = userUuid;
      cache = api<PersonalApp[]>('/dashboard/personnal/apps');
      cache.catch(() => {
        cache = null;
      });
    }
    let alive = true;
    cache.then((list) => alive && setApps(list)).catch(() => alive && setApps([]));
    return () => {
      alive = false;
    };
  }, [userUuid]);
  return apps;
}
