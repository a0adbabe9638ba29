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
  useMediaQuery,
  type Theme,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import type { FeverPlanDto, FeverProbeDto, FeverZoneDto } from '@portal/contracts';
import { ApiError, errorKeyOf } from '../core/api';
import { Loading } from '../layout/Loading';
import { RowCards } from '../lists/RowCards';
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
      {section === 'zones' && (
        <SectionRows
          label={translate('fever.manage.zones')}
          heads={['f.depositor', 'f.platform', 'f.code', 'f.label', 'f.minTemperature', 'f.maxTemperature', 'f.maxHumidity']}
          rows={data.zones.map((z) => ({
            id: z.id,
            attrs: { 'data-zone-row': z.code },
            cells: [
              depositorName(z.depositorId),
              platformName(z.platformId),
              z.code,
              z.label,
              z.minTemperature ?? '—',
              z.maxTemperature ?? '—',
              z.maxHumidity ?? '—',
            ],
            actions: actions(z.id, {
              code: z.code,
              label: z.label,
              minTemperature: s(z.minTemperature),
              maxTemperature: s(z.maxTemperature),
              maxHumidity: s(z.maxHumidity),
            }),
          }))}
        />
      )}
      {section === 'plans' && (
        <SectionRows
          label={translate('fever.manage.plans')}
          heads={['f.depositor', 'f.platform', 'f.name', 'f.image']}
          rows={data.plans.map((p) => ({
            id: p.id,
            attrs: { 'data-plan-row': String(p.id) },
            cells: [
              depositorName(p.depositorId),
              platformName(p.platformId),
              p.name,
              p.hasImage ? `${p.width} × ${p.height} px` : translate('fever.plan.noImage'),
            ],
            actions: actions(
              p.id,
              { name: p.name },
              <Button size="small" component="label">
                {translate('fever.actions.uploadImage')}
                <input hidden type="file" accept="image/png,image/jpeg" onChange={(e) => upload(p, e.target.files?.[0])} />
              </Button>,
            ),
          }))}
        />
      )}
      {section === 'probes' && (
        <SectionRows
          label={translate('fever.manage.probes')}
          heads={['f.probe', 'f.mac', 'f.zone', 'f.plan']}
          rows={data.probes.map((p) => ({
            id: p.id,
            attrs: { 'data-probe-admin-row': p.mac },
            cells: [
              p.label,
              <Box key="mac" component="span" sx={{ fontFamily: 'monospace' }}>
                {p.mac}
              </Box>,
              p.zone,
              data.plans.find((plan) => plan.id === p.planId)?.name ?? translate('fever.plan.notPlaced'),
            ],
            actions: actions(p.id, { mac: p.mac, label: p.label, zoneId: String(p.zoneId) }),
          }))}
        />
      )}

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

/** A row of a section: its cells in the heads' order, its actions, and the attributes that name it. */
interface SectionRow {
  id: number;
  attrs: Record<string, string>;
  cells: ReactNode[];
  actions: ReactNode;
}

/**
 * A section's rows: a table at a desk, one card per row on a phone with its actions beside the title
 * (the zones' eight columns are wider than its screen, their buttons would slide out of sight).
 */
function SectionRows({ label, heads, rows }: { label: string; heads: string[]; rows: SectionRow[] }) {
  const translate = useTranslate();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  if (phone)
    return (
      <Paper variant="outlined">
        <RowCards
          rows={rows}
          label={label}
          fields={[
            ...heads.map((h, i) => ({ key: h, label: translate(`fever.${h}`), render: (r: SectionRow) => r.cells[i] })),
            { key: 'actions', label: '', aside: true, render: (r: SectionRow) => r.actions },
          ]}
        />
      </Paper>
    );
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {heads.map((h) => (
              <TableCell key={h}>{translate(`fever.${h}`)}</TableCell>
            ))}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} {...r.attrs}>
              {r.cells.map((c, i) => (
                <TableCell key={heads[i]}>{c}</TableCell>
              ))}
              <TableCell>{r.actions}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
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
