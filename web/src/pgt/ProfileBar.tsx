import { useState } from 'react';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  ListSubheader,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useNotify, useTranslate } from 'ra-core';
import type { SearchProfileDto } from '@portal/contracts';
import { errorKeyOf } from '../core/api';
import { usePreference } from '../preferences/usePreference';
import { cleanFilter, sameFilter, type TrackerFilter } from '../tracking/searchFilter';
import { deleteProfile, groupProfiles, profileOf } from './profiles';
import { ProfileDialog } from './ProfileDialog';
import type { Profiles } from './useProfiles';

/**
 * Shared search profiles (spec §2, §6): pick one to apply it, save the search shown as a profile,
 * update or delete one's own. The picked profile is the persisted "selected profile" choice.
 */
export function ProfileBar({
  profiles,
  filter,
  onApply,
}: {
  profiles: Profiles;
  filter: TrackerFilter;
  onApply: (f: TrackerFilter) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [preference, setPreference] = usePreference('selectedProfile');
  const [dialog, setDialog] = useState<'new' | 'edit' | 'delete' | null>(null);
  const picked = profileOf(profiles.items, preference);
  const { mine, shared } = groupProfiles(profiles.items);
  const modified = picked !== null && !sameFilter(picked.filter, filter);

  const remember = (value: string) => setPreference(value).catch((error) => notify(`errors.${errorKeyOf(error)}`, { type: 'error' }));
  const pick = (value: string) => {
    const profile = profiles.items.find((p) => String(p.id) === value);
    void remember(profile ? String(profile.id) : '');
    if (profile) onApply(cleanFilter(profile.filter));
  };
  const saved = async (profile: SearchProfileDto) => {
    setDialog(null);
    await profiles.reload();
    void remember(String(profile.id));
    notify('pgt.profiles.saved', { type: 'success', messageArgs: { name: profile.name } });
  };
  const remove = async () => {
    if (!picked) return;
    try {
      await deleteProfile(picked.id);
      setDialog(null);
      void remember('');
      await profiles.reload();
      notify('pgt.profiles.deleted', { type: 'success', messageArgs: { name: picked.name } });
    } catch (error) {
      notify(`errors.${errorKeyOf(error)}`, { type: 'error' });
    }
  };

  const item = (p: SearchProfileDto) => (
    <MenuItem key={p.id} value={String(p.id)}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', width: '100%' }}>
        <span>{p.name}</span>
        <Box sx={{ flexGrow: 1 }} />
        {p.isDefault && <Chip size="small" label={translate('pgt.profiles.defaultTag')} />}
        {p.mine && p.shared && <Chip size="small" variant="outlined" label={translate('pgt.profiles.sharedTag')} />}
      </Stack>
    </MenuItem>
  );
  const options = [
    <MenuItem key="none" value="">
      <em>{translate('pgt.profiles.none')}</em>
    </MenuItem>,
    ...(mine.length ? [<ListSubheader key="mine">{translate('pgt.profiles.mine')}</ListSubheader>, ...mine.map(item)] : []),
    ...(shared.length ? [<ListSubheader key="shared">{translate('pgt.profiles.sharedGroup')}</ListSubheader>, ...shared.map(item)] : []),
  ];

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }} data-testid="profile-bar">
      <TextField
        id="tracking-profile"
        select
        size="small"
        label={translate('pgt.profiles.label')}
        value={picked ? String(picked.id) : ''}
        onChange={(e) => pick(e.target.value)}
        disabled={profiles.status !== 'ready'}
        sx={{ width: 260 }}
        helperText={picked && !picked.mine ? translate('pgt.profiles.sharedBy') : modified ? translate('pgt.profiles.modified') : ' '}
        slotProps={{
          inputLabel: { shrink: true },
          select: {
            displayEmpty: true,
            renderValue: () => (picked ? picked.name : <em>{translate('pgt.profiles.none')}</em>),
          },
        }}
      >
        {options}
      </TextField>
      <Stack direction="row" spacing={0.5} sx={{ mb: 2.5 }}>
        <Button size="small" startIcon={<SaveIcon />} onClick={() => setDialog('new')}>
          {translate('pgt.profiles.save')}
        </Button>
        {picked?.mine && (
          <>
            <Button size="small" startIcon={<EditIcon />} onClick={() => setDialog('edit')}>
              {translate('pgt.profiles.update')}
            </Button>
            <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setDialog('delete')}>
              {translate('pgt.profiles.delete')}
            </Button>
          </>
        )}
      </Stack>
      {(dialog === 'new' || dialog === 'edit') && (
        <ProfileDialog open editing={dialog === 'edit' ? picked : null} filter={filter} onClose={() => setDialog(null)} onSaved={saved} />
      )}
      <Dialog open={dialog === 'delete'} onClose={() => setDialog(null)} aria-labelledby="profile-delete-title">
        <DialogTitle id="profile-delete-title">{translate('pgt.profiles.delete')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('pgt.profiles.confirmDelete', { name: picked?.name ?? '' })}</DialogContentText>
          {picked?.shared && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {translate('pgt.profiles.deleteShared')}
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)}>{translate('common.cancel')}</Button>
          <Button color="error" variant="contained" onClick={remove}>
            {translate('pgt.profiles.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
