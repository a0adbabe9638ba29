import { useSyncExternalStore } from 'react';
import type { UserDto } from '@portal/contracts';
import { api, type ApiOptions } from '../core/api';
import { getUser, setUser, subscribeSession } from '../core/session';

export function useUser(): UserDto | null {
  return useSyncExternalStore(subscribeSession, getUser);
}

/** The user's time zone (spec §3), the browser's until the user is known. */
export function useTimeZone(): string {
  return useUser()?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Calls a settings endpoint that answers the updated user, and keeps that user (spec §3). */
export async function updateUser(path: string, options: ApiOptions = { method: 'POST' }): Promise<UserDto> {
  const user = await api<UserDto>(path, options);
  setUser(user);
  return user;
}
