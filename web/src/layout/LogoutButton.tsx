import { Button, IconButton } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { useNavigate } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { authProvider } from '../core/authProvider';

/** Logout calls POST /api/auth/logout, then forgets the session on this computer. */
export function useLogoutAction() {
  const navigate = useNavigate();
  return async () => {
    await authProvider.logout({});
    navigate('/login', { replace: true });
  };
}

/** `compact`: the icon alone (named for screen readers), for a phone's app bar. */
export function LogoutButton({ variant = 'text', compact = false }: { variant?: 'text' | 'contained'; compact?: boolean }) {
  const translate = useTranslate();
  const logout = useLogoutAction();
  if (compact)
    return (
      <IconButton color="inherit" edge="end" onClick={logout} aria-label={translate('nav.logout')} title={translate('nav.logout')}>
        <LogoutIcon />
      </IconButton>
    );
  return (
    <Button color={variant === 'text' ? 'inherit' : 'primary'} variant={variant} startIcon={<LogoutIcon />} onClick={logout}>
      {translate('nav.logout')}
    </Button>
  );
}
