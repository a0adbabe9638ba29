import { Suspense } from 'react';
import { Link as RouterLink, Navigate, Route, Routes } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { Alert, AlertTitle, Box, Button, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { hasAnyRole } from '@portal/contracts';
import { Loading } from '../layout/Loading';
import { useUser } from '../user/useUser';
import { ADMIN_AREAS, adminAreasFor, type AdminArea } from './areas';

/**
 * The back office (/admin, spec §2): the sub-areas the user may open as cards, each area mounted
 * at /admin/<path>/*; an area the user's roles do not open answers a 403 screen (the server
 * refuses its calls anyway). ADMIN opens all of them.
 */
export default function AdminModule() {
  const roles = useUser()?.roles ?? [];
  return (
    <Box component="section">
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route index element={<AdminHome areas={adminAreasFor(roles)} />} />
          {ADMIN_AREAS.map((area) => (
            <Route
              key={area.path}
              path={`${area.path}/*`}
              element={hasAnyRole(roles, area.roles) ? <area.component /> : <AreaForbidden area={area} />}
            />
          ))}
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Routes>
      </Suspense>
    </Box>
  );
}

function AdminHome({ areas }: { areas: AdminArea[] }) {
  const translate = useTranslate();
  return (
    <Box aria-labelledby="admin-title">
      <Typography id="admin-title" variant="h4" component="h1" sx={{ mb: 2 }}>
        {translate('adminUsers.shell.title')}
      </Typography>
      {areas.length === 0 ? (
        <Typography color="text.secondary">{translate('adminUsers.shell.none')}</Typography>
      ) : (
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}
        >
          {areas.map((area) => (
            <Box component="li" key={area.path}>
              <Card variant="outlined" sx={{ height: '100%' }} data-admin-area={area.path}>
                <CardActionArea component={RouterLink} to={`/admin/${area.path}`} sx={{ height: '100%', alignItems: 'flex-start' }}>
                  <CardContent>
                    <Typography variant="h6" component="h2">
                      {translate(area.labelKey)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {translate(area.descriptionKey)}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** 403: what the area is, which roles open it, and the way back. */
function AreaForbidden({ area }: { area: AdminArea }) {
  const translate = useTranslate();
  return (
    <Stack spacing={2} data-testid="admin-forbidden">
      <Alert severity="error" variant="outlined" role="alert">
        <AlertTitle component="h1" sx={{ fontSize: '1.25rem' }}>
          {translate('adminUsers.shell.forbiddenTitle', { area: translate(area.labelKey) })}
        </AlertTitle>
        {translate('adminUsers.shell.forbiddenText', { roles: area.roles.join(', ') })}
      </Alert>
      <Box>
        <Button component={RouterLink} to="/admin" variant="outlined">
          {translate('adminUsers.shell.back')}
        </Button>
      </Box>
    </Stack>
  );
}
