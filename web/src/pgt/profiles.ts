import type { SearchProfileDto } from '@portal/contracts';
import { api } from '../core/api';
import { cleanFilter, type TrackerFilter } from '../tracking/searchFilter';

/** Saved tracker searches (resource /api/tracking-profiles): own ones first, then coworkers' shared ones. */
export interface ProfileInput {
  name: string;
  filter: TrackerFilter;
  shared: boolean;
  isDefault: boolean;
}

export const listProfiles = () => api<SearchProfileDto[]>('/tracking-profiles');

export const saveProfile = (input: ProfileInput, id?: number) =>
  api<SearchProfileDto>(id ? `/tracking-profiles/${id}` : '/tracking-profiles', {
    method: id ? 'PUT' : 'POST',
    body: { ...input, name: input.name.trim(), filter: cleanFilter(input.filter) },
  });

export const deleteProfile = (id: number) => api<{ ok: true }>(`/tracking-profiles/${id}`, { method: 'DELETE' });

/** The persisted "selected profile" (spec §2) holds a profile id; its default value names none. */
export function profileOf(profiles: SearchProfileDto[], preference: string): SearchProfileDto | null {
  return /^\d+$/.test(preference) ? (profiles.find((p) => String(p.id) === preference) ?? null) : null;
}

/**
 * The profile a search opened without criteria starts from: the user's default profile, else the
 * last profile they selected, else none (an empty search).
 */
export function startingProfile(profiles: SearchProfileDto[], preference: string): SearchProfileDto | null {
  return profiles.find((p) => p.mine && p.isDefault) ?? profileOf(profiles, preference);
}

/** Own profiles, then the shared ones of coworkers (the server's order, kept stable by name). */
export function groupProfiles(profiles: SearchProfileDto[]): { mine: SearchProfileDto[]; shared: SearchProfileDto[] } {
  return { mine: profiles.filter((p) => p.mine), shared: profiles.filter((p) => !p.mine) };
}
