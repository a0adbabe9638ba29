import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useNotify, useTranslate } from 'ra-core';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  MenuItem,
  Paper,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import type { FeverPlanDto, FeverProbeDto, FeverZoneDto } from '@portal/contracts';
import { ApiError, errorKeyOf } from '../core/api';
import { Loading } from '../layout/Loading';
import { useDepositors, usePlatforms } from '../tracking/useReferenceData';
import { feverApi } from './feverApi';

type Section = 'zones' | 'plans' | 'probes';
const SECTIONS: Section[] = ['zones', 'plans', 'probes'];
type Form = Record<string, string>;

interface Data {
  zones: FeverZoneDto[];
  plans: FeverPlanDto[];
  probes: FeverProbeDto[];
}

/** /fever/manage (ADMIN_SONDE): zones and their thresholds, plans and their image, probes by MAC address. */
export default function FeverManage() {
  const translate = useTranslate();
  const notify = useNotify();
  const depositors = useDepositors();
  const platforms = usePlatforms();
  const [params, setParams] = useSearchParams();
  const section: Section = SECTIONS.includes(params.get('tab') as Section) ? (params.get('tab') as Section) : 'zones';
  const [data, setData] = useState<Data | null>(null);
  const [editing, setEditing] = useState<{ id?: number; form: Form } | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  const load = useCallback(async () => {
    const [zones, plans, probes] = await Promise.all([feverApi.zones(), feverApi.plans(), feverApi.probes()]);
    setData({ zones, plans, probes });
  }, []);
  useEffect(() => {
    load().catch((e) => notify(`errors.${errorKeyOf(e)}`, { type: 'error' }));
  }, [load, notify]);

  if (!data) return <Loading />;
  const platformName = (id: number) => platforms.find((p) => p.id === id)?.code ?? String(id);
  const depositorName = (id: number) => depositors.find((d) => d.id === id)?.code ?? String(id);
  const open = (form: Form, id?: number) => {
    setFields({});
    setEditing({ id, form });
  };
  const failed = (e: unknown) => {
    if (e instanceof ApiError && Object.keys(e.fields).length) setFields(e.fields);
    notify(`errors.${errorKeyOf(e)}`, { type: 'error', messageArgs: e instanceof ApiError ? e.params : {} });
  };
  const save = async () => {
    if (!editing) return;
    const f = editing.form;
    const num = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : Number(v.replace(',', '.')));
    try {
      if (section === 'zones')
        await feverApi.saveZone(
          {
            depositorId: num(f.depositorId) ?? undefined,
            platformId: num(f.platformId) ?? undefined,
            code: f.code,
            label: f.label,
            minTemperature: num(f.minTemperature),
            maxTemperature: num(f.maxTemperature),
            maxHumidity: num(f.maxHumidity),
          },
          editing.id,
        );
      else if (section === 'plans')
        await feverApi.savePlan(
          { depositorId: num(f.depositorId) ?? undefined, platformId: num(f.platformId) ?? undefined, name: f.name },
          editing.id,
        );
      else await feverApi.saveProbe({ mac: f.mac, label: f.label, zoneId: Number(f.zoneId) }, editing.id);
      setEditing(null);
      notify('fever.msg.saved', { type: 'info' });
      await load();
    } catch (e) {
      failed(e);
    }
  };
  const remove = async (id: number) => {
    if (!window.confirm(translate('fever.msg.confirmDelete'))) return;
    try {
      await (section === 'zones' ? feverApi.deleteZone(id) : section === 'plans' ? feverApi.deletePlan(id) : feverApi.deleteProbe(id));
      notify('fever.msg.deleted', { type: 'info' });
      await load();
    } catch (e) {
      failed(e);
    }
  };
  const upload = async (plan: FeverPlanDto, file: File | undefined) => {
    if (!file) return;
    try {
      await feverApi.uploadImage(plan.id, file);
      notify('fever.msg.imageSaved', { type: 'info' });
      await load();
    } catch (e) {
      failed(e);
    }
  };
  const actions = (id: number, form: Form, extra?: ReactNode) => (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
      {extra}
      <IconButton size="small" aria-label={translate('fever.actions.edit')} onClick={() => open(form, id)}>
        <EditIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label={translate('fever.actions.delete')} onClick={() => remove(id)}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
  const s = (v: number | null) => (v === null ? '' : String(v));
  const emptyForm: Record<Section, Form> = {
    zones: {
      depositorId: s(depositors[0]?.id ?? null),
      platformId: '',
      code: '',
      label: '',
      minTemperature: '',
      maxTemperature: '',
      maxHumidity: '',
    },
    plans: { depositorId: s(depositors[0]?.id ?? null), platformId: '', name: '' },
    probes: { mac: '', label: '', zoneId: s(data.zones[0]?.id ?? null) },
  };

  return (
    <Box>
      <Link component={RouterLink} to="/fever">
        {translate('fever.actions.back')}
      </Link>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', my: 1 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {translate('fever.manage.title')}
        </Typography>
        <Button variant="contained" onClick={() => open(emptyForm[section])} data-fever-add={section}>
          {translate(`fever.manage.add.${section}`)}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ mb: 1 }}>
        <Tabs
          value={section}
          onChange={(_, v: Section) => setParams({ tab: v }, { replace: true })}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {SECTIONS.map((t) => (
            <Tab key={t} value={t} label={translate(`fever.manage.${t}`)} />
          ))}
        </Tabs>
      </Paper>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small">
          {section === 'zones' && (
            <>
              <Head
                cells={['f.depositor', 'f.platform', 'f.code', 'f.label', 'f.minTemperature', 'f.maxTemperature', 'f.maxHumidity', '']}
              />
              <TableBody>
                {data.zones.map((z) => (
                  <TableRow key={z.id} data-zone-row={z.code}>
                    <TableCell>{depositorName(z.depositorId)}</TableCell>
                    <TableCell>{platformName(z.platformId)}</TableCell>
                    <TableCell>{z.code}</TableCell>
                    <TableCell>{z.label}</TableCell>
                    <TableCell>{z.minTemperature ?? '—'}</TableCell>
                    <TableCell>{z.maxTemperature ?? '—'}</TableCell>
                    <TableCell>{z.maxHumidity ?? '—'}</TableCell>
                    <TableCell>
                      {actions(z.id, {
                        code: z.code,
                        label: z.label,
                        minTemperature: s(z.minTemperature),
                        maxTemperature: s(z.maxTemperature),
                        maxHumidity: s(z.maxHumidity),
                      })}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </>
          )}
          {section === 'plans' && (
            <>
              <Head cells={['f.depositor', 'f.platform', 'f.name', 'f.image', '']} />
              <TableBody>
                {data.plans.map((p) => (
                  <TableRow key={p.id} data-plan-row={p.id}>
                    <TableCell>{depositorName(p.depositorId)}</TableCell>
                    <TableCell>{platformName(p.platformId)}</TableCell>
                    <TableCell>{p.name}</TableCell>
                    <TableCell>{p.hasImage ? `${p.width} × ${p.height} px` : translate('fever.plan.noImage')}</TableCell>
                    <TableCell>
                      {actions(
                        p.id,
                        { name: p.name },
                        <Button size="small" component="label">
                          {translate('fever.actions.uploadImage')}
                          <input hidden type="file" accept="image/png,image/jpeg" onChange={(e) => upload(p, e.target.files?.[0])} />
                        </Button>,
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </>
          )}
          {section === 'probes' && (
            <>
              <Head cells={['f.probe', 'f.mac', 'f.zone', 'f.plan', '']} />
              <TableBody>
                {data.probes.map((p) => (
                  <TableRow key={p.id} data-probe-admin-row={p.mac}>
                    <TableCell>{p.label}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{p.mac}</TableCell>
                    <TableCell>{p.zone}</TableCell>
                    <TableCell>{data.plans.find((plan) => plan.id === p.planId)?.name ?? translate('fever.plan.notPlaced')}</TableCell>
                    <TableCell>{actions(p.id, { mac: p.mac, label: p.label, zoneId: String(p.zoneId) })}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </>
          )}
        </Table>
      </TableContainer>

      <Dialog open={editing !== null} onClose={() => setEditing(null)} fullWidth maxWidth="sm">
        <DialogTitle>{translate(editing?.id ? `fever.manage.edit.${section}` : `fever.manage.add.${section}`)}</DialogTitle>
        <DialogContent>
          {editing && (
            <Stack spacing={2} sx={{ pt: 1 }}>
              {!editing.id && section !== 'probes' && (
                <>
                  <Select
                    name="depositorId"
                    form={editing.form}
                    fields={fields}
                    onChange={(form) => setEditing({ ...editing, form })}
                    options={depositors.map((d) => ({ value: String(d.id), label: `${d.code} – ${d.label}` }))}
                  />
                  <Select
                    name="platformId"
                    form={editing.form}
                    fields={fields}
                    onChange={(form) => setEditing({ ...editing, form })}
                    options={platforms.map((p) => ({ value: String(p.id), label: `${p.code} – ${p.label}` }))}
                  />
                </>
              )}
              {(section === 'zones'
                ? ['code', 'label', 'minTemperature', 'maxTemperature', 'maxHumidity']
                : section === 'plans'
                  ? ['name']
                  : ['mac', 'label']
              ).map((name) => (
                <Field key={name} name={name} form={editing.form} fields={fields} onChange={(form) => setEditing({ ...editing, form })} />
              ))}
              {section === 'probes' && (
                <Select
                  name="zoneId"
                  form={editing.form}
                  fields={fields}
                  onChange={(form) => setEditing({ ...editing, form })}
                  options={data.zones.map((z) => ({ value: String(z.id), label: `${platformName(z.platformId)} – ${z.label}` }))}
                />
              )}
              {Object.keys(fields).length > 0 && <Alert severity="error">{translate('fever.msg.checkFields')}</Alert>}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEditing(null)}>{translate('fever.actions.cancel')}</Button>
          <Button variant="contained" onClick={save} data-fever-save>
            {translate('fever.actions.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

function Head({ cells }: { cells: string[] }) {
  const translate = useTranslate();
  return (
    <TableHead>
      <TableRow>
        {cells.map((c, i) => (
          <TableCell key={i} align={c ? 'left' : 'right'}>
            {c ? translate(`fever.${c}`) : ''}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

interface FieldProps {
  name: string;
  form: Form;
  fields: Record<string, string>;
  onChange: (form: Form) => void;
}

function Field({ name, form, fields, onChange }: FieldProps) {
  const translate = useTranslate();
  return (
    <TextField
      size="small"
      name={name}
      label={translate(`fever.f.${name}`)}
      value={form[name] ?? ''}
      onChange={(e) => onChange({ ...form, [name]: e.target.value })}
      error={Boolean(fields[name])}
      helperText={fields[name] ? translate(`fields.${fields[name]}`, { _: fields[name] }) : undefined}
      slotProps={{ htmlInput: { 'data-fever-field': name } }}
    />
  );
}

function Select({ options, ...props }: FieldProps & { options: { value: string; label: string }[] }) {
  const translate = useTranslate();
  const { name, form, fields, onChange } = props;
  return (
    <TextField
      select
      size="small"
      name={name}
      label={translate(`fever.f.${name}`)}
      value={form[name] ?? ''}
      onChange={(e) => onChange({ ...form, [name]: e.target.value })}
      error={Boolean(fields[name])}
      helperText={fields[name] ? translate(`fields.${fields[name]}`, { _: fields[name] }) : undefined}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
