import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { LogoutButton } from '../layout/LogoutButton';

export default function LogoutTab() {
  const translate = useTranslate();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>{translate('settings.logoutText')}</Typography>
      <LogoutButton variant="contained" />
    </Stack>
  );
}
