import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';

/** Spec §2 page-not-found, for any unknown path. */
export function NotFoundPage() {
  const translate = useTranslate();
  return (
    <Box component="section" data-testid="not-found" sx={{ textAlign: 'center', py: 6 }}>
      <Typography variant="h2" component="p" aria-hidden="true" color="text.secondary">
        404
      </Typography>
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('notFound.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{translate('notFound.text')}</Typography>
      <Button variant="contained" component={RouterLink} to="/dashboard">
        {translate('notFound.home')}
      </Button>
    </Box>
  );
}
