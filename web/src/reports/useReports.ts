import { useEffect, useState } from 'react';
import type { ReportDefinitionDto } from '@portal/contracts';
import { errorKeyOf } from '../core/api';
import { useUser } from '../user/useUser';
import { listReports } from './reportsApi';

/** The catalogue changes with the roles only: asked once per user and roles, shared by the library, the search box and the tiles. */
let cached: { key: string; list: Promise<ReportDefinitionDto[]> } | null = null;

export function loadReports(key: string): Promise<ReportDefinitionDto[]> {
  if (cached?.key !== key) {
    const list = listReports();
    cached = { key, list };
    list.catch(() => {
      if (cached?.list === list) cached = null;
    });
  }
  return cached.list;
}

/** Tests start from an empty cache. */
export const forgetReports = () => {
  cached = null;
};

export interface ReportsState {
  reports: ReportDefinitionDto[] | null;
  error: string | null;
}

/** The reports the user may open (GET /api/reports), null while loading. */
export function useReports(): ReportsState {
  const user = useUser();
  const key = user ? `${user.uuid}:${[...user.roles].sort().join(',')}` : null;
  const [state, setState] = useState<ReportsState>({ reports: null, error: null });
  useEffect(() => {
    if (!key) return;
    let live = true;
    loadReports(key).then(
      (reports) => live && setState({ reports, error: null }),
      (error) => live && setState({ reports: [], error: errorKeyOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return state;
}
