import { useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  ListSubheader,
  Menu,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
} from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useNotify, useTranslate } from 'ra-core';
import { DASHBOARD_MASTER_ROLES, DASHBOARD_PROFILE_NAME_MAX, hasAnyRole, type DashboardProfilesDto } from '@portal/contracts';
import { errorKeyOf } from '../core/api';
import { createProfile, currentOf, deleteProfile, listProfiles, profileName, switchProfile, updateProfile } from './profilesApi';
import { fitLabelSx } from '../lists/fitLabel';

interface Props {
  roles: readonly string[];
  /** The current profile changed (switched, made, deleted): the tiles are to be read again. */
  onSwitched: () => void;
}

type Editing = { kind: 'create' } | { kind: 'rename' } | { kind: 'delete' } | null;

/**
 * The dashboard profile switcher (spec §3): the user's tile sets, the current one chosen here; a new
 * profile starts empty or as a copy of the current one or of a master; administrators of users
 * publish a profile as a master.
 */
export function ProfileSwitcher({ roles, onSwitched }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const [list, setList] = useState<DashboardProfilesDto | null>(null);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [name, setName] = useState('');
  const [copyOf, setCopyOf] = useState<string>('');
  const fail = (error: unknown) => notify(`errors.${errorKeyOf(error)}`, { type: 'error' });

  useEffect(() => {
    listProfiles().then(setList, fail);
  }, []);
  const current = currentOf(list);
  if (!list || !current) return null;
  const publisher = hasAnyRole(roles, DASHBOARD_MASTER_ROLES);

  const switched = (next: DashboardProfilesDto) => {
    setList(next);
    onSwitched();
  };
  const choose = async (id: number) => {
    if (id === current.id) return;
    try {
      switched(await switchProfile(id));
    } catch (error) {
      fail(error);
    }
  };
  const submit = async () => {
    try {
      if (editing?.kind === 'create') {
        await createProfile({ name: name.trim() || undefined, ...(copyOf ? { copyOf: Number(copyOf) } : {}) });
        switched(await listProfiles());
      } else if (editing?.kind === 'rename') {
        await updateProfile(current.id, { name: name.trim() });
        setList(await listProfiles());
      } else if (editing?.kind === 'delete') {
        switched(await deleteProfile(current.id));
      }
      notify('messages.dataSaved', { type: 'success' });
      setEditing(null);
    } catch (error) {
      fail(error);
    }
  };
  const toggleMaster = async () => {
    setMenu(null);
    try {
      await updateProfile(current.id, { master: !current.master });
      setList(await listProfiles());
      notify(current.master ? 'dashboardProfiles.unpublished' : 'dashboardProfiles.published', { type: 'success' });
    } catch (error) {
      fail(error);
    }
  };
  const open = (kind: 'create' | 'rename' | 'delete') => {
    setMenu(null);
    setName(kind === 'rename' ? current.name : '');
    setCopyOf('');
    setEditing({ kind });
  };

  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }} data-testid="profile-switcher">
      <TextField
        id="dashboard-profile"
        select
        size="small"
        label={translate('dashboardProfiles.label')}
        value={current.id}
        onChange={(e) => choose(Number(e.target.value))}
        sx={fitLabelSx(
          translate('dashboardProfiles.label'),
          200,
          list.profiles.map(
            (p) => `${p.number}. ${profileName(p, translate)}${p.master ? ` (${translate('dashboardProfiles.master')})` : ''}`,
          ),
        )}
      >
        {list.profiles.map((p) => (
          <MenuItem key={p.id} value={p.id} data-profile-number={p.number}>
            {`${p.number}. ${profileName(p, translate)}${p.master ? ` (${translate('dashboardProfiles.master')})` : ''}`}
          </MenuItem>
        ))}
      </TextField>
      <Tooltip title={translate('dashboardProfiles.actions')}>
        <IconButton aria-label={translate('dashboardProfiles.actions')} aria-haspopup="menu" onClick={(e) => setMenu(e.currentTarget)}>
          <MoreVertIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => open('create')}>{translate('dashboardProfiles.create')}</MenuItem>
        <MenuItem onClick={() => open('rename')}>{translate('dashboardProfiles.rename')}</MenuItem>
        {publisher && (
          <MenuItem onClick={toggleMaster}>
            {translate(current.master ? 'dashboardProfiles.unpublish' : 'dashboardProfiles.publish')}
          </MenuItem>
        )}
        <MenuItem onClick={() => open('delete')} disabled={list.profiles.length <= 1}>
          {translate('dashboardProfiles.delete')}
        </MenuItem>
      </Menu>
      <Dialog open={!!editing} onClose={() => setEditing(null)} fullWidth maxWidth="xs" aria-labelledby="profile-dialog-title">
        <DialogTitle id="profile-dialog-title">
          {translate(
            editing?.kind === 'delete'
              ? 'dashboardProfiles.deleteTitle'
              : editing?.kind === 'rename'
                ? 'dashboardProfiles.renameTitle'
                : 'dashboardProfiles.createTitle',
          )}
        </DialogTitle>
        <DialogContent>
          {editing?.kind === 'delete' ? (
            <DialogContentText>{translate('dashboardProfiles.deleteText', { name: profileName(current, translate) })}</DialogContentText>
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField
                id="profile-name"
                label={translate('dashboardProfiles.name')}
                value={name}
                onChange={(e) => setName(e.target.value)}
                autoFocus
                slotProps={{ htmlInput: { maxLength: DASHBOARD_PROFILE_NAME_MAX } }}
              />
              {editing?.kind === 'create' && (
                <TextField
                  id="profile-copy-of"
                  select
                  label={translate('dashboardProfiles.startFrom')}
                  value={copyOf}
                  onChange={(e) => setCopyOf(e.target.value)}
                  slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                  helperText={copyOf ? translate('dashboardProfiles.copyHint') : undefined}
                >
                  <MenuItem value="">{translate('dashboardProfiles.empty')}</MenuItem>
                  <ListSubheader>{translate('dashboardProfiles.mine')}</ListSubheader>
                  {list.profiles.map((p) => (
                    <MenuItem key={p.id} value={String(p.id)}>
                      {translate('dashboardProfiles.copyOf', { name: `${p.number}. ${profileName(p, translate)}` })}
                    </MenuItem>
                  ))}
                  {list.masters.length > 0 && <ListSubheader>{translate('dashboardProfiles.masters')}</ListSubheader>}
                  {list.masters.map((p) => (
                    <MenuItem key={p.id} value={String(p.id)} data-master="true">
                      {translate('dashboardProfiles.copyOf', { name: profileName(p, translate) })}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEditing(null)}>{translate('common.cancel')}</Button>
          <Button
            variant="contained"
            color={editing?.kind === 'delete' ? 'error' : 'primary'}
            onClick={submit}
            data-testid="profile-submit"
          >
            {translate(editing?.kind === 'delete' ? 'dashboardProfiles.delete' : 'common.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
