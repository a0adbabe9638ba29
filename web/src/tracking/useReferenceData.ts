import { useEffect, useState } from 'react';
import type { DepositorDto, PlatformDto } from '@portal/contracts';
import { api } from '../core/api';
import { useUser } from '../user/useUser';

export interface CountryOption {
  ref: string;
  label: string;
}

/** Reference lists change rarely: asked once per session and language. */
const cache = new Map<string, Promise<unknown>>();
function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  let hit = cache.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = load();
    cache.set(key, hit);
    hit.catch(() => cache.delete(key));
  }
  return hit;
}

/** A reference list asked once per `key` (null: not yet), `empty` until it is known or when it fails. */
export function useLoaded<T>(key: string | null, load: () => Promise<T>, empty: T): T {
  const [value, setValue] = useState<T>(empty);
  useEffect(() => {
    if (!key) return;
    let live = true;
    once(key, load).then(
      (v) => live && setValue(v),
      () => live && setValue(empty),
    );
    return () => {
      live = false;
    };
  }, [key]); // `load` and `empty` are fixed per key
  return value;
}

const NO_DEPOSITORS: DepositorDto[] = [];
const NO_COUNTRIES: CountryOption[] = [];
const NO_PLATFORMS: PlatformDto[] = [];

/** The depositors the user may see (GET /api/depositors answers the caller's scope). */
export function useDepositors(): DepositorDto[] {
  const user = useUser();
  return useLoaded(
    user ? `depositors:${user.uuid}:${user.filters.depositors.join(',')}` : null,
    () => api<DepositorDto[]>('/depositors'),
    NO_DEPOSITORS,
  );
}

/** ISO countries named in the user's language. */
export function useCountries(): CountryOption[] {
  const user = useUser();
  return useLoaded(
    user ? `countries:${user.language.short}` : null,
    async () => (await api<{ countries: CountryOption[] }>('/countries?minify=1')).countries,
    NO_COUNTRIES,
  );
}

/** The provider's warehouse sites (GET /api/platforms), with the codes users know them by (MLV1, LYS1). */
export function usePlatforms(): PlatformDto[] {
  const user = useUser();
  return useLoaded(user ? 'platforms' : null, () => api<PlatformDto[]>('/platforms'), NO_PLATFORMS);
}

/** "MLV1 – Marne-la-Vallée Bussy-Saint-Georges" for a platform id; the bare id until (or unless) the list is known. */
export function usePlatformLabel(id: number | null): string | null {
  const platforms = usePlatforms();
  if (id === null) return null;
  const platform = platforms.find((p) => p.id === id);
  return platform ? `${platform.code} – ${platform.label}` : String(id);
}
