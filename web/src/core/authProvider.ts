import type { AuthProvider } from 'ra-core';
import { TOKEN_CHECK_INTERVAL_MS, type LoginResponse, type TokenCheckResponse } from '@portal/contracts';
import { api, ApiError } from './api';
import { clearSession, currentLoginPath, getToken, getUser, setToken, startSession } from './session';

let refreshTimer: ReturnType<typeof setInterval> | null = null;

/** Spec §4/§9: every 40 minutes the token is checked and replaced by the fresh one. */
export async function refreshToken(): Promise<void> {
  if (!getToken()) return;
  const answer = await api<TokenCheckResponse>('/user/token/check');
  if (answer?.token) setToken(answer.token);
}

export function startTokenRefresh(): void {
  stopTokenRefresh();
  refreshTimer = setInterval(() => void refreshToken().catch(() => undefined), TOKEN_CHECK_INTERVAL_MS);
}
export function stopTokenRefresh(): void {
  if (refreshTimer) clearInterval(refreshTimer);
  refreshTimer = null;
}

export interface LoginParams {
  login: string;
  password: string;
}

/** The session rules of spec §4, as react-admin's auth provider. */
export const authProvider: AuthProvider = {
  async login({ login, password }: LoginParams) {
    const answer = await api<LoginResponse>('/auth/login', { method: 'POST', body: { login, password }, anonymous: true });
    startSession(answer.token, answer.user);
    startTokenRefresh();
    return { redirectTo: false };
  },
  /**
   * React-admin calls this when a call answers 401 (the session ended): the login page it answers
   * keeps the path the user was on (spec §2 backpath), or the one the session watcher already set.
   * The logout button navigates by itself.
   */
  async logout() {
    stopTokenRefresh();
    if (getToken()) await api('/auth/logout', { method: 'POST' }).catch(() => undefined);
    clearSession();
    return currentLoginPath();
  },
  async checkAuth() {
    if (!getToken()) throw new Error('tokenDismiss');
  },
  async checkError(error: unknown) {
    if (error instanceof ApiError && error.status === 401) throw new Error('tokenDismiss');
  },
  async getIdentity() {
    const user = getUser();
    if (!user) throw new Error('tokenDismiss');
    return { id: user.uuid, fullName: `${user.firstname} ${user.lastname}`.trim() || user.login, avatar: user.avatarURL ?? undefined };
  },
  async getPermissions() {
    return getUser()?.roles ?? [];
  },
};
