import { useState } from 'react';
import { useTranslate } from 'ra-core';
import {
  Box,
  ButtonBase,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Button,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { hasAnyRole, Role } from '@portal/contracts';
import { useApiImage } from '../core/useApiImage';
import { LogoUpload } from '../admin/logos/LogoUpload';
import { useDepositors } from '../tracking/useReferenceData';
import { useUser } from '../user/useUser';

/** The orange mark of the portal, or the logo of the user's own depositor (GET /api/logo) when it has one. */
function Mark({ url }: { url: string | null }) {
  const translate = useTranslate();
  if (!url)
    return (
      <Box component="span" aria-hidden="true" sx={{ width: 28, height: 28, flexShrink: 0, borderRadius: 1.5, bgcolor: 'primary.main' }} />
    );
  return (
    <Box
      component="img"
      src={url}
      alt={translate('adminRef.logos.header')}
      data-testid="header-logo"
      // Logos are drawn for white paper: a light backdrop keeps them readable in the dark themes.
      sx={{ height: 32, maxWidth: 96, objectFit: 'contain', flexShrink: 0, bgcolor: '#fff', borderRadius: 0.5, p: 0.25 }}
    />
  );
}

/**
 * The header's logo. A user with USER_CHANGE_OWN_LOGO opens from it the dialog that changes the
 * logo of their own depositor (one of theirs, chosen when they have several).
 */
export function HeaderLogo() {
  const translate = useTranslate();
  const user = useUser();
  const depositors = useDepositors();
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const url = useApiImage(user ? '/logo' : null, `${user?.uuid}-${version}`);
  const canChange = hasAnyRole(user?.roles ?? [], [Role.USER_CHANGE_OWN_LOGO]) && !user?.roles.includes(Role.ADMIN);
  if (!canChange) return <Mark url={url} />;
  const depositor = depositors.find((d) => d.id === chosen) ?? depositors[0];
  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-label={translate('adminRef.logos.change')}
        title={translate('adminRef.logos.change')}
        sx={{ borderRadius: 1 }}
      >
        <Mark url={url} />
      </ButtonBase>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="own-logo-title" maxWidth="xs" fullWidth>
        <DialogTitle id="own-logo-title">{translate('adminRef.logos.change')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {translate('adminRef.logos.hint')}
            </Typography>
            {depositors.length > 1 && (
              <TextField
                select
                size="small"
                label={translate('adminRef.logos.forDepositor')}
                value={depositor ? String(depositor.id) : ''}
                onChange={(e) => setChosen(Number(e.target.value))}
              >
                {depositors.map((d) => (
                  <MenuItem key={d.id} value={String(d.id)}>
                    {`${d.code} – ${d.label}`}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {depositor && (
              <Box>
                <LogoUpload path={`/depositors/${depositor.id}/logo`} code={depositor.code} onSaved={() => setVersion((v) => v + 1)} />
              </Box>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('common.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
