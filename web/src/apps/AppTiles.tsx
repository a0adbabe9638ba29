import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { PersonalApp } from './useApps';

/** The application tiles of spec §2, exactly the ones the server grants; each is a real link. */
export function AppTiles({ apps }: { apps: PersonalApp[] }) {
  const translate = useTranslate();
  if (apps.length === 0) return <Typography>{translate('dashboard.noApps')}</Typography>;
  return (
    <Box
      component="ul"
      data-testid="app-tiles"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}
    >
      {apps.map((app) => (
        <li key={app.id}>
          <Card variant="outlined" sx={{ height: '100%', borderTop: 4, borderTopColor: 'primary.main' }}>
            <CardActionArea component={RouterLink} to={app.route} data-app={app.id} sx={{ height: '100%', alignItems: 'flex-start' }}>
              <CardContent>
                <Typography variant="h6" component="h3">
                  {translate(app.labelKey)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate(`appHints.${app.labelKey.replace(/^apps\./, '')}`, { _: '' })}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </li>
      ))}
    </Box>
  );
}
