import { useSyncExternalStore, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { currentLoginPath, getToken, subscribeSession } from '../core/session';

/**
 * Gate of every authenticated route. One synchronous check of the stored token and a single
 * <Navigate>: no auth round trip that could bounce between "/" and "/login" (react-admin #10885).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSyncExternalStore(subscribeSession, getToken);
  const location = useLocation();
  if (!token) return <Navigate to={currentLoginPath(location)} replace />;
  return <>{children}</>;
}
