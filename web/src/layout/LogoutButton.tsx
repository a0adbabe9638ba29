import { Button } from '@mui/material';
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

export function LogoutButton({ variant = 'text' }: { variant?: 'text' | 'contained' }) {
  const translate = useTranslate();
  const logout = useLogoutAction();
  return (
    <Button color={variant === 'text' ? 'inherit' : 'primary'} variant={variant} startIcon={<LogoutIcon />} onClick={logout}>
      {translate('nav.logout')}
    </Button>
  );
}
