import { useState } from 'react';
import { Checkbox, FormControlLabel, FormHelperText, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Role, type SearchProfileDto } from '@portal/contracts';
import { ActionDialog, useSubmit } from '../tracking/ActionDialog';
import { useDepositors } from '../tracking/useReferenceData';
import { useUser } from '../user/useUser';
import { saveProfile } from './profiles';
import type { TrackerFilter } from '../tracking/searchFilter';

/**
 * Saves the search shown as a new profile, or into one of the user's profiles (`editing`). A
 * shared profile is offered to the coworkers who see every depositor the search names, else every
 * depositor of its author (backend rule); a user who sees them all (ADMIN) must name some to share.
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
  const user = useUser();
  const depositors = useDepositors();
  const { busy, error, run, fieldError } = useSubmit();
  const named = depositors.filter((d) => filter.depositor?.includes(d.id));
  // ADMIN sees every depositor, so no coworker would see all of them: the search must name some.
  const sharedWith = named.length ? named : (user?.roles ?? []).includes(Role.ADMIN) ? [] : depositors;
  const canShare = sharedWith.length > 0;
  const [name, setName] = useState(editing?.name ?? '');
  const [shared, setShared] = useState(editing?.shared ?? false);
  const [isDefault, setIsDefault] = useState(editing?.isDefault ?? false);

  if (!open) return null;
  const submit = () => {
    if (!name.trim()) return;
    void run(async () => onSaved(await saveProfile({ name, filter, shared: canShare && shared, isDefault }, editing?.id)));
  };
  const nameError = fieldError('name', { n: 100 });
  return (
    <ActionDialog
      id="profile-dialog"
      title={editing ? translate('pgt.profiles.editTitle', { name: editing.name }) : translate('pgt.profiles.newTitle')}
      submitLabel={translate('common.save')}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      error={error}
      disabled={!name.trim()}
    >
      <FormHelperText sx={{ m: 0 }}>{translate('pgt.profiles.takesSearch')}</FormHelperText>
      <TextField
        id="profile-name"
        label={translate('pgt.profiles.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        autoFocus
        error={Boolean(nameError) || (name.length > 0 && !name.trim())}
        helperText={nameError}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <div>
        <FormControlLabel
          control={<Checkbox checked={canShare && shared} disabled={!canShare} onChange={(e) => setShared(e.target.checked)} />}
          label={translate('pgt.profiles.shareLabel')}
        />
        <FormHelperText sx={{ mt: 0, ml: 4 }}>
          {canShare
            ? translate('pgt.profiles.shareHelp', { depositors: sharedWith.map((d) => d.code).join(', ') })
            : translate('pgt.profiles.shareNeedsDepositor')}
        </FormHelperText>
      </div>
      <FormControlLabel
        control={<Checkbox checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} />}
        label={translate('pgt.profiles.defaultLabel')}
      />
    </ActionDialog>
  );
}
