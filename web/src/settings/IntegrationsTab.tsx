import { Fragment, lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import {
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
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
import { useTranslate } from 'ra-core';
import {
  CLIENT_KEY_DEFAULT_RATE,
  createApiKeySchema,
  CLIENT_KEY_RIGHT_NAMES,
  type AdminUserOptionsDto,
  type ApiKeyDto,
  type ClientKeyRight,
  type CreatedApiKeyDto,
} from '@portal/contracts';
import { api } from '../core/api';
import { useSchemaForm } from '../forms/kit';
import { fieldError } from './FieldError';
import { Loading } from '../layout/Loading';
import { RowCards, type CardField } from '../lists/RowCards';
import { SETTINGS_PAGES } from '../routes';
import { useTimeZone } from '../user/useUser';
import { SecretOnceDialog } from './SecretOnceDialog';
import { useSave } from './useSave';

const WebhooksSection = lazy(() => import('./webhooks/WebhooksSection'));
const DeliveryLog = lazy(() => import('./webhooks/DeliveryLog'));

/** Columns that keep their width (the prefix, dates) or wrap within a bound (the name, the depositors). */
const KEY_CELL_STYLE: Record<string, object> = {
  name: { minWidth: 120, maxWidth: 260, overflowWrap: 'anywhere' },
  prefix: { whiteSpace: 'nowrap' },
  depositors: { maxWidth: 240 },
  lastUsed: { whiteSpace: 'nowrap' },
  actions: { textAlign: 'right' },
};

const PATH = '/settings/api-keys';
const BASE = '/settings/integrations';
const PAGES = SETTINGS_PAGES.integrations;

/**
 * Settings > Intégrations (issue 35), shown to administrators of users only (SettingsPage): the API
 * keys at /settings/integrations, the webhooks at …/webhooks and an endpoint's log at …/webhooks/:id
 * (SETTINGS_PAGES in routes.ts), each a link so that it can be bookmarked.
 */
export default function IntegrationsTab() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const section = pathname.startsWith(`${BASE}/${PAGES.webhooks}`) ? 'webhooks' : 'keys';
  return (
    <Stack spacing={2}>
      <Tabs value={section} aria-label={translate('settings.tabs.integrations')} component="nav">
        <Tab value="keys" label={translate('settings.integrationSections.keys')} component={RouterLink} to={BASE} />
        <Tab
          value="webhooks"
          label={translate('settings.integrationSections.webhooks')}
          component={RouterLink}
          to={`${BASE}/${PAGES.webhooks}`}
        />
      </Tabs>
      <Suspense fallback={<Loading />}>
        <Routes>
          {/* PAGES.keys is the tab's index ('') */}
          <Route index element={<ApiKeysSection />} />
          <Route path={PAGES.webhooks} element={<WebhooksSection />} />
          <Route path={PAGES.webhookLog} element={<DeliveryLog />} />
          <Route path="*" element={<Navigate to={BASE} replace />} />
        </Routes>
      </Suspense>
    </Stack>
  );
}

/** The API keys of the depositors the user administers, made (the secret shown once), listed and revoked. */
function ApiKeysSection() {
  const translate = useTranslate();
  const timeZone = useTimeZone();
  const [keys, setKeys] = useState<ApiKeyDto[] | null>(null);
  const [depositors, setDepositors] = useState<AdminUserOptionsDto['depositors']>([]);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<CreatedApiKeyDto | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyDto | null>(null);
  const { run, busy } = useSave();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const reload = useCallback(() => {
    api<ApiKeyDto[]>(PATH)
      .then((list) => setKeys(Array.isArray(list) ? list : []))
      .catch(() => setKeys([]));
  }, []);
  useEffect(() => {
    reload();
    api<AdminUserOptionsDto>('/admin/users/options')
      .then((options) => setDepositors(options?.depositors ?? []))
      .catch(() => setDepositors([]));
  }, [reload]);

  const at = (value: string | null, empty: string) => (value ? new Date(value).toLocaleString(undefined, { timeZone }) : empty);
  const codeOf = (id: number) => depositors.find((d) => d.id === id)?.code ?? String(id);
  // `<depositorId>:<code>`, the depositor named only when the key reaches several (no code: nothing of it allowed).
  const limitOf = (key: ApiKeyDto, limit: string) => {
    const [depositor, ...rest] = limit.split(':');
    const code = rest.join(':') || '–';
    return key.depositorIds.length > 1 ? `${codeOf(Number(depositor))} ${code}` : code;
  };
  const limitsOf = (key: ApiKeyDto) =>
    [
      key.activityKeys.length &&
        translate('settings.keys.limitActivities', { list: key.activityKeys.map((c) => limitOf(key, c)).join(', ') }),
      key.storeKeys.length && translate('settings.keys.limitStores', { list: key.storeKeys.map((c) => limitOf(key, c)).join(', ') }),
    ]
      .filter(Boolean)
      .join(' · ') || translate('settings.keys.noLimits');

  // The webhooks list's shape: cards on a phone; on a laptop the first columns, the others in the row's detail under it.
  const fields: (CardField<ApiKeyDto> & { detail?: boolean })[] = [
    { key: 'name', label: translate('settings.keys.name'), render: (key) => key.name },
    { key: 'prefix', label: translate('settings.keys.prefix'), render: (key) => <code>{key.prefix}…</code> },
    { key: 'depositors', label: translate('settings.keys.depositors'), render: (key) => key.depositorIds.map(codeOf).join(', ') },
    {
      key: 'status',
      label: translate('settings.keys.status'),
      render: (key) => (
        <Chip
          size="small"
          color={key.status === 'active' ? 'success' : key.status === 'suspended' ? 'warning' : 'default'}
          label={translate(`settings.keys.statuses.${key.status}`)}
        />
      ),
    },
    { key: 'lastUsed', label: translate('settings.keys.lastUsed'), render: (key) => at(key.lastUsedAt, translate('settings.keys.never')) },
    {
      key: 'limits',
      label: translate('settings.keys.limits'),
      detail: true,
      render: (key) => (key.status === 'suspended' ? '–' : limitsOf(key)),
    },
    {
      key: 'rights',
      label: translate('settings.keys.rights'),
      detail: true,
      render: (key) => key.rights.map((r) => translate(`settings.keys.rightNames.${r}`)).join(' · '),
    },
    { key: 'createdAt', label: translate('settings.keys.createdAt'), detail: true, render: (key) => at(key.createdAt, '') },
    { key: 'createdBy', label: translate('settings.keys.createdBy'), detail: true, render: (key) => key.createdBy ?? '–' },
    {
      key: 'expiresAt',
      label: translate('settings.keys.expiresAt'),
      detail: true,
      render: (key) => at(key.expiresAt, translate('settings.keys.noExpiry')),
    },
    {
      key: 'actions',
      label: translate('settings.keys.revoke'),
      aside: true,
      render: (key) =>
        key.status !== 'revoked' && (
          <Button size="small" color="error" onClick={() => setRevoking(key)}>
            {translate('settings.keys.revoke')}
          </Button>
        ),
    },
  ];
  const main = fields.filter((f) => !f.detail);
  const detail = fields.filter((f) => f.detail);

  const revoke = async () => {
    if (!revoking) return;
    const done = await run(() => api(`${PATH}/${revoking.id}/revoke`, { method: 'POST' }), 'settings.keys.revoked');
    setRevoking(null);
    if (done) reload();
  };

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{translate('settings.keys.intro')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('settings.keys.docs')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('settings.keys.followsCreator')}
      </Typography>
      <div>
        <Button variant="contained" onClick={() => setCreating(true)}>
          {translate('settings.keys.create')}
        </Button>
      </div>
      {keys && !keys.length && <Typography>{translate('settings.keys.none')}</Typography>}
      {keys && keys.length > 0 && phone && (
        <Box sx={{ mx: -1 }}>
          <RowCards rows={keys} fields={fields} label={translate('settings.integrationSections.keys')} />
        </Box>
      )}
      {keys && keys.length > 0 && !phone && (
        <TableContainer>
          <Table size="small" aria-label={translate('settings.integrationSections.keys')} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
            <TableHead>
              <TableRow>
                {main.map((f) => (
                  <TableCell key={f.key} sx={{ fontWeight: 600 }}>
                    {f.aside ? <span className="visually-hidden">{f.label}</span> : f.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {keys.map((key) => (
                <Fragment key={key.id}>
                  <TableRow data-key-id={key.id} sx={{ '& > .MuiTableCell-root': { borderBottom: 'none' } }}>
                    {main.map((f) => (
                      <TableCell key={f.key} sx={KEY_CELL_STYLE[f.key]}>
                        {f.render(key)}
                      </TableCell>
                    ))}
                  </TableRow>
                  <TableRow>
                    <TableCell colSpan={main.length} sx={{ pt: 0 }}>
                      <Box
                        component="dl"
                        sx={{
                          m: 0,
                          display: 'flex',
                          flexWrap: 'wrap',
                          columnGap: 3,
                          rowGap: 0.5,
                          typography: 'body2',
                          color: 'text.secondary',
                        }}
                      >
                        {detail.map((f) => (
                          <Box key={f.key} sx={{ display: 'flex', gap: 0.5, minWidth: 0, overflowWrap: 'anywhere' }}>
                            <Box component="dt" sx={{ fontWeight: 600 }}>
                              {f.label}
                            </Box>
                            <Box component="dd" sx={{ m: 0 }}>
                              {f.render(key)}
                            </Box>
                          </Box>
                        ))}
                      </Box>
                    </TableCell>
                  </TableRow>
                </Fragment>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {creating && (
        <CreateKeyDialog
          depositors={depositors}
          onClose={(created) => {
            setCreating(false);
            if (created) {
              setSecret(created);
              reload();
            }
          }}
        />
      )}
      {secret && <SecretDialog created={secret} onClose={() => setSecret(null)} />}
      <Dialog open={!!revoking} onClose={() => setRevoking(null)} aria-labelledby="revoke-key-title">
        <DialogTitle id="revoke-key-title">{translate('settings.keys.revokeTitle', { name: revoking?.name ?? '' })}</DialogTitle>
        <DialogContent>
          <Typography>{translate('settings.keys.revokeText')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRevoking(null)}>{translate('settings.keys.cancel')}</Button>
          <Button color="error" variant="contained" disabled={busy} onClick={() => void revoke()}>
            {translate('settings.keys.revoke')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

function CreateKeyDialog({
  depositors,
  onClose,
}: {
  depositors: AdminUserOptionsDto['depositors'];
  onClose: (created?: CreatedApiKeyDto) => void;
}) {
  const translate = useTranslate();
  const { run, busy, fields: refused } = useSave();
  const kit = useSchemaForm(createApiKeySchema);
  // What the check before sending found, else what the service answered.
  const fields: Record<string, string> = { ...refused, ...kit.fields };
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<number[]>(depositors.length === 1 ? [depositors[0].id] : []);
  const [rights, setRights] = useState<ClientKeyRight[]>([]);
  const [expires, setExpires] = useState('');
  const [rate, setRate] = useState(String(CLIENT_KEY_DEFAULT_RATE));
  const toggle = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
  const error = (field: string) => fieldError(fields, field, translate);

  const submit = async () => {
    const body = {
      name,
      depositorIds: chosen,
      rights,
      expiresAt: expires ? new Date(`${expires}T23:59:59`).toISOString() : null,
      ratePerMinute: rate,
    };
    // Checked with the schema the auth service parses the key with before it is sent.
    if (!kit.check(body)) return;
    const created = await run(() => api<CreatedApiKeyDto>(PATH, { method: 'POST', body }));
    if (created) onClose(created);
  };

  return (
    <Dialog open onClose={() => onClose()} aria-labelledby="create-key-title" fullWidth maxWidth="sm">
      <DialogTitle id="create-key-title">{translate('settings.keys.createTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            id="key-name"
            label={translate('settings.keys.name')}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              kit.clear('name');
            }}
            required={kit.rules.name?.required}
            slotProps={{ htmlInput: { maxLength: kit.rules.name?.max } }}
            error={!!fields.name}
            helperText={error('name')}
          />
          <FormGroup>
            <FormLabel error={!!fields.depositorIds}>{translate('settings.keys.depositors')}</FormLabel>
            {fields.depositorIds && <FormHelperText error>{error('depositorIds')}</FormHelperText>}
            {depositors.map((d) => (
              <FormControlLabel
                key={d.id}
                control={<Checkbox checked={chosen.includes(d.id)} onChange={() => setChosen((c) => toggle(c, d.id))} />}
                label={`${d.code} – ${d.label}`}
              />
            ))}
          </FormGroup>
          <FormGroup>
            <FormLabel error={!!fields.rights}>{translate('settings.keys.rights')}</FormLabel>
            {fields.rights && <FormHelperText error>{error('rights')}</FormHelperText>}
            {CLIENT_KEY_RIGHT_NAMES.map((r) => (
              <FormControlLabel
                key={r}
                control={<Checkbox checked={rights.includes(r)} onChange={() => setRights((c) => toggle(c, r))} />}
                label={translate(`settings.keys.rightNames.${r}`)}
              />
            ))}
          </FormGroup>
          <TextField
            id="key-expires"
            type="date"
            label={translate('settings.keys.expiresOptional')}
            value={expires}
            onChange={(e) => {
              setExpires(e.target.value);
              kit.clear('expiresAt');
            }}
            slotProps={{ inputLabel: { shrink: true } }}
            error={!!fields.expiresAt}
            helperText={error('expiresAt')}
          />
          <TextField
            id="key-rate"
            type="number"
            label={translate('settings.keys.ratePerMinute')}
            value={rate}
            onChange={(e) => {
              setRate(e.target.value);
              kit.clear('ratePerMinute');
            }}
            error={!!fields.ratePerMinute}
            helperText={error('ratePerMinute')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()}>{translate('settings.keys.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void submit()}>
          {translate('settings.keys.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function SecretDialog({ created, onClose }: { created: CreatedApiKeyDto; onClose: () => void }) {
  return <SecretOnceDialog id="key-secret" messages="settings.keys" label={created.name} secret={created.secret} onClose={onClose} />;
}
