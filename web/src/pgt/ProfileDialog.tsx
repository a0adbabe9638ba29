import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  Stack,
  TextField,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { Role, type SearchProfileDto } from '@portal/contracts';
import { ApiError } from '../core/api';
import { useErrorText } from '../tracking/OrdersTable';
import { useDepositors } from '../tracking/useReferenceData';
import { useUser } from '../user/useUser';
import { saveProfile } from './profiles';
import type { TrackerFilter } from '../tracking/searchFilter';

/**
 * Saves the search shown as a new profile, or into one of the user's profiles (`editing`). A
 * shared profile is offered to coworkers who see every depositor the author sees (backend rule).
 */
export function ProfileDialog({
  open,
  editing,
  filter,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: SearchProfileDto | null;
  filter: TrackerFilter;
  onClose: () => void;
  onSaved: (profile: SearchProfileDto) => void;
}) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const user = useUser();
  const depositors = useDepositors();
  // ADMIN sees every depositor, so no coworker sees all of them: the server refuses to share.
  const canShare = !(user?.roles ?? []).includes(Role.ADMIN);
  const [name, setName] = useState(editing?.name ?? '');
  const [shared, setShared] = useState(editing?.shared ?? false);
  const [isDefault, setIsDefault] = useState(editing?.isDefault ?? false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    setError(null);
    try {
      onSaved(await saveProfile({ name, filter, shared: canShare && shared, isDefault }, editing?.id));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const nameError = error instanceof ApiError ? error.fields.name : undefined;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="profile-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="profile-dialog-title">
          {editing ? translate('pgt.profiles.editTitle', { name: editing.name }) : translate('pgt.profiles.newTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormHelperText sx={{ m: 0 }}>{translate('pgt.profiles.takesSearch')}</FormHelperText>
            <TextField
              id="profile-name"
              label={translate('pgt.profiles.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              autoFocus
              error={Boolean(nameError) || (name.length > 0 && !name.trim())}
              helperText={nameError ? translate(`fields.${nameError}`, { n: 100 }) : undefined}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <div>
              <FormControlLabel
                control={<Checkbox checked={canShare && shared} disabled={!canShare} onChange={(e) => setShared(e.target.checked)} />}
                label={translate('pgt.profiles.shareLabel')}
              />
              <FormHelperText sx={{ mt: 0, ml: 4 }}>
                {canShare
                  ? translate('pgt.profiles.shareHelp', { depositors: depositors.map((d) => d.code).join(', ') || '—' })
                  : translate('pgt.profiles.shareAdmin')}
              </FormHelperText>
            </div>
            <FormControlLabel
              control={<Checkbox checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} />}
              label={translate('pgt.profiles.defaultLabel')}
            />
            {error !== null && !nameError && <Alert severity="error">{errorText(error)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || !name.trim()}>
            {translate('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
