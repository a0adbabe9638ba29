import type { UserDto } from '@portal/contracts';

/** Where the session lives in the browser (spec §4 Session). */
export const TOKEN_KEY = 'portal.token';
export const USER_KEY = 'portal.user';
export const HOME_PATH = '/dashboard';

type Listener = () => void;
const listeners = new Set<Listener>();

/** The storage is injectable so the session rules can be unit-tested outside a browser. */
let storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null = typeof localStorage === 'undefined' ? null : localStorage;
export function useStorage(next: typeof storage): void {
  storage = next;
  cachedUserRaw = undefined;
}

let cachedUserRaw: string | null | undefined;
let cachedUser: UserDto | null = null;

export function getToken(): string | null {
  return storage?.getItem(TOKEN_KEY) ?? null;
}
export function setToken(token: string): void {
  storage?.setItem(TOKEN_KEY, token);
}

export function getUser(): UserDto | null {
  const raw = storage?.getItem(USER_KEY) ?? null;
  if (raw !== cachedUserRaw) {
    cachedUserRaw = raw;
    try {
      cachedUser = raw ? (JSON.parse(raw) as UserDto) : null;
    } catch {
      cachedUser = null;
    }
  }
  return cachedUser;
}

/** Stores the user the server answered with, so every settings change survives a reload. */
export function setUser(user: UserDto): void {
  storage?.setItem(USER_KEY, JSON.stringify(user));
  listeners.forEach((l) => l());
}

export function startSession(token: string, user: UserDto): void {
  setToken(token);
  setUser(user);
}

export function clearSession(): void {
  storage?.removeItem(TOKEN_KEY);
  storage?.removeItem(USER_KEY);
  listeners.forEach((l) => l());
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Keeps only same-origin relative paths ("/stock?x=1"), so a crafted login link cannot send the
 * user to another site after login. Anything else falls back to the home path.
 */
export function sanitizeBackpath(value: string | null | undefined): string {
  if (!value) return HOME_PATH;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return HOME_PATH;
  if ([...value].some((c) => c.charCodeAt(0) < 32) || value.includes('\\')) return HOME_PATH;
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/login/')) return HOME_PATH;
  return value;
}

/** The login URL that brings the user back to `path` (path + search) once logged in again. */
export function loginPathFor(path: string | null | undefined): string {
  return `/login?backpath=${encodeURIComponent(sanitizeBackpath(path))}`;
}

/** The login page for the page the user is on: /login?backpath=<it>, or the login page as it stands. */
export function currentLoginPath(location?: Pick<Location, 'pathname' | 'search'>): string {
  location ??= typeof window === 'undefined' ? { pathname: '/', search: '' } : window.location;
  if (location.pathname === '/login') return `${location.pathname}${location.search}`;
  return loginPathFor(location.pathname === '/' ? HOME_PATH : `${location.pathname}${location.search}`);
}
