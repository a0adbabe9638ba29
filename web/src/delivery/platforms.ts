import { useEffect, useState } from 'react';
import type { PlatformDto } from '@portal/contracts';
import { api } from '../core/api';

/** The provider's warehouse sites, asked once per session (they change rarely). */
let platforms: Promise<PlatformDto[]> | null = null;

/** "LYO1 – Lyon Saint-Priest" for a platform id; the bare id until (or unless) the list is known. */
export function usePlatformLabel(id: number | null): string | null {
  const [list, setList] = useState<PlatformDto[]>([]);
  useEffect(() => {
    if (id === null) return;
    let live = true;
    platforms ??= api<PlatformDto[]>('/platforms').catch((error: unknown) => {
      platforms = null;
      throw error;
    });
    platforms.then(
      (all) => live && setList(all),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [id]);
  if (id === null) return null;
  const platform = list.find((p) => p.id === id);
  return platform ? `${platform.code} – ${platform.label}` : String(id);
}
