import { useEffect, useState } from 'react';
import { Button, Checkbox, FormControlLabel, FormGroup, FormLabel, Stack, Typography, FormControl } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { UserDto, UserFiltersDto } from '@portal/contracts';
import { api } from '../core/api';
import { setUser } from '../core/session';
import { useUser } from '../user/useUser';
import { Loading } from '../layout/Loading';
import { useSave } from './useSave';

const GROUPS = ['depositors', 'activities', 'stores', 'platforms'] as const;
type Selection = Record<(typeof GROUPS)[number], number[]>;

/** Depositors, activities, stores and platforms shown in the modules, among those the user is allowed. */
export default function FilterTab() {
  const translate = useTranslate();
  const user = useUser();
  const { run, busy } = useSave();
  const [options, setOptions] = useState<UserFiltersDto | null>(null);
  const [selected, setSelected] = useState<Selection>({ depositors: [], activities: [], stores: [], platforms: [] });
  const path = `/user/${encodeURIComponent(user?.uuid ?? '')}/filters`;

  const show = (filters: UserFiltersDto) => {
    setOptions(filters);
    const chosen = (group: keyof Selection) => (filters[group] ?? []).filter((o) => o.selected).map((o) => o.id);
    setSelected({
      depositors: chosen('depositors'),
      activities: chosen('activities'),
      stores: chosen('stores'),
      platforms: chosen('platforms'),
    });
  };
  useEffect(() => {
    api<UserFiltersDto>(path)
      .then(show)
      .catch(() => setOptions({ depositors: [], activities: [], stores: [], platforms: [] }));
  }, [path]);

  if (!options) return <Loading />;
  const toggle = (group: keyof Selection, id: number) =>
    setSelected((s) => ({ ...s, [group]: s[group].includes(id) ? s[group].filter((x) => x !== id) : [...s[group], id] }));

  const save = () =>
    run(async () => {
      show(await api<UserFiltersDto>(path, { method: 'PUT', body: selected }));
      setUser(await api<UserDto>('/user/me'));
    });

  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">{translate('settings.filterHelp')}</Typography>
      {GROUPS.map((group) => (
        <FormControl key={group} component="fieldset">
          <FormLabel component="legend">{translate(`settings.${group}`)}</FormLabel>
          {options[group].length === 0 ? (
            <Typography variant="body2">{translate('settings.noOptions')}</Typography>
          ) : (
            <FormGroup row>
              {options[group].map((o) => (
                <FormControlLabel
                  key={o.id}
                  control={<Checkbox checked={selected[group].includes(o.id)} onChange={() => toggle(group, o.id)} />}
                  label={`${o.code} – ${o.label}`}
                />
              ))}
            </FormGroup>
          )}
        </FormControl>
      ))}
      <div>
        <Button variant="contained" onClick={save} disabled={busy}>
          {translate('settings.save')}
        </Button>
      </div>
    </Stack>
  );
}
