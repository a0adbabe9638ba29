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
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import {
  feverPlanInput,
  feverProbeInput,
  feverZoneInput,
  type FeverPlanDto,
  type FeverProbeDto,
  type FeverZoneDto,
  type FieldRule,
} from '@portal/contracts';
import { ApiError, errorKeyOf } from '../core/api';
import { SchemaField, useSchemaForm } from '../forms/kit';
import { fieldError } from '../settings/FieldError';
import { Loading } from '../layout/Loading';
import { RowCards } from '../lists/RowCards';
import { useDepositors, usePlatforms } from '../tracking/useReferenceData';
import { feverApi } from './feverApi';

type Section = 'zones' | 'plans' | 'probes';
const SECTIONS: Section[] = ['zones', 'plans', 'probes'];
type Form = Record<string, string>;

const num = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : Number(v.replace(',', '.')));
/** What the form sends: the zone, plan or probe as the service parses it (an edit keeps its depositor and platform). */
function bodyOf(section: Section, f: Form): Record<string, unknown> {
  const owner = { depositorId: num(f.depositorId), platformId: num(f.platformId) };
  if (section === 'zones')
    return {
      ...owner,
      code: f.code,
      label: f.label,
      minTemperature: num(f.minTemperature) ?? null,
      maxTemperature: num(f.maxTemperature) ?? null,
      maxHumidity: num(f.maxHumidity) ?? null,
    };
  if (section === 'plans') return { ...owner, name: f.name };
  return { mac: f.mac, label: f.label, zoneId: num(f.zoneId) };
}

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
  // The schema each section's record is parsed with by the service: its fields' rules, and the check before sending.
  const kits = { zones: useSchemaForm(feverZoneInput), plans: useSchemaForm(feverPlanInput), probes: useSchemaForm(feverProbeInput) };
  const kit = kits[section];
  const fields = kit.fields;

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
    kit.setFields({});
    setEditing({ id, form });
  };
  const failed = (e: unknown) => {
    kit.refused(e);
    notify(`errors.${errorKeyOf(e)}`, { type: 'error', messageArgs: e instanceof ApiError ? e.params : {} });
  };
  const save = async () => {
    if (!editing) return;
    const body = bodyOf(section, editing.form);
    // Checked as the service will before it is sent (an edit is checked with the depositor and platform it keeps).
    if (!kit.check(body)) return;
    if (editing.id && section !== 'probes') {
      delete body.depositorId;
      delete body.platformId;
    }
    try {
      if (section === 'zones') await feverApi.saveZone(body, editing.id);
      else if (section === 'plans') await feverApi.savePlan(body, editing.id);
      else await feverApi.saveProbe(body as { mac?: string; label: string; zoneId: number }, editing.id);
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
              depositorId: String(z.depositorId),
              platformId: String(z.platformId),
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
              { depositorId: String(p.depositorId), platformId: String(p.platformId), name: p.name },
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
                  <Field
                    rule={kit.rules.depositorId}
                    name="depositorId"
                    form={editing.form}
                    fields={fields}
                    onChange={(form) => setEditing({ ...editing, form })}
                    options={depositors.map((d) => ({ value: String(d.id), label: `${d.code} – ${d.label}` }))}
                  />
                  <Field
                    rule={kit.rules.platformId}
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
                <Field
                  key={name}
                  name={name}
                  rule={kit.rules[name]}
                  form={editing.form}
                  fields={fields}
                  onChange={(form) => {
                    setEditing({ ...editing, form });
                    kit.clear(name);
                  }}
                />
              ))}
              {section === 'probes' && (
                <Field
                  rule={kit.rules.zoneId}
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
  /** The rule of the service's schema for the field. */
  rule: FieldRule | undefined;
}

function Field({ name, form, fields, onChange, rule, options }: FieldProps & { options?: { value: string; label: string }[] }) {
  const translate = useTranslate();
  return (
    <SchemaField
      id={`fever-${name}`}
      // A reference chosen in a list (a depositor, a platform, a zone): its choices are the list's.
      rule={options ? { required: rule?.required ?? false, kind: 'choice', choices: options.map((o) => o.value) } : rule}
      choiceLabel={options ? (value) => options.find((o) => o.value === value)?.label ?? value : undefined}
      label={translate(`fever.f.${name}`)}
      value={form[name] ?? ''}
      onChange={(value) => onChange({ ...form, [name]: String(value) })}
      error={Boolean(fields[name])}
      helperText={fields[name] ? fieldError(fields, name, translate) : undefined}
      htmlInput={{ name, 'data-fever-field': name }}
    />
  );
}
