import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';

export function PermissionDenied() {
  const translate = useTranslate();
  return (
    <Box component="section" data-testid="permission-denied">
      <Alert severity="warning" variant="outlined">
        <Typography variant="h6" component="h1">
          {translate('errors.permissionDenied')}
        </Typography>
      </Alert>
      <Button component={RouterLink} to="/dashboard" sx={{ mt: 2 }}>
        {translate('module.backToDashboard')}
      </Button>
    </Box>
  );
}
