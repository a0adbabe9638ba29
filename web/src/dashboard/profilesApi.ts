import type {
  CreateDashboardProfileInput,
  DashboardProfileDto,
  DashboardProfilesDto,
  UpdateDashboardProfileInput,
} from '@portal/contracts';
import { api } from '../core/api';

/** Dashboard profiles (spec §3; rules in libs/contracts dashboard-profiles). */
export const listProfiles = () => api<DashboardProfilesDto>('/dashboard/profiles');
export const createProfile = (input: CreateDashboardProfileInput) =>
  api<DashboardProfileDto>('/dashboard/profiles', { method: 'POST', body: input });
export const updateProfile = (id: number, input: UpdateDashboardProfileInput) =>
  api<DashboardProfileDto>(`/dashboard/profiles/${id}`, { method: 'PUT', body: input });
export const switchProfile = (id: number) => api<DashboardProfilesDto>(`/dashboard/profiles/${id}/current`, { method: 'POST' });
export const deleteProfile = (id: number) => api<DashboardProfilesDto>(`/dashboard/profiles/${id}`, { method: 'DELETE' });

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "Transport", or "Profil 2" for a profile without a name. */
export function profileName(profile: Pick<DashboardProfileDto, 'name' | 'number'>, translate: Translate): string {
  return profile.name.trim() || translate('dashboardProfiles.numbered', { number: profile.number });
}

/** The current profile of the list; the first when none is flagged (never happens with the server's rule). */
export const currentOf = (list: DashboardProfilesDto | null): DashboardProfileDto | undefined =>
  list?.profiles.find((p) => p.current) ?? list?.profiles[0];
