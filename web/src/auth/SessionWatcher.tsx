import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNotify } from 'ra-core';
import { setTokenDismissHandler } from '../core/api';
import { startTokenRefresh, stopTokenRefresh } from '../core/authProvider';
import { clearSession, currentLoginPath, getToken } from '../core/session';

/**
 * Spec §4: an invalid, expired or revoked token logs the user out with the tokenDismiss alert and
 * sends them to the login page with the path they were on.
 */
export function SessionWatcher() {
  const navigate = useNavigate();
  const notify = useNotify();
  useEffect(() => {
    if (getToken()) startTokenRefresh();
    setTokenDismissHandler(() => {
      if (!getToken()) return;
      stopTokenRefresh();
      clearSession();
      notify('errors.tokenDismiss', { type: 'warning' });
      navigate(currentLoginPath(), { replace: true });
    });
    return () => {
      setTokenDismissHandler(null);
      stopTokenRefresh();
    };
  }, [navigate, notify]);
  return null;
}
