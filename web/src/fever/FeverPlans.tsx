import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import {
  Alert,
  Box,
  Button,
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
} from '@mui/material';
import { formatDate, hasAnyRole, Role, type FeverPlanDto, type FeverProbeDto } from '@portal/contracts';
import { errorKeyOf } from '../core/api';
import { Loading } from '../layout/Loading';
import { useTimeZone, useUser } from '../user/useUser';
import { feverApi } from './feverApi';
import { formatHumidity, formatTemperature, STATE_COLOURS } from './feverLogic';
import { PlanBoard } from './PlanBoard';
import { ProbeStateChip } from './ProbeMarker';

/** Live values are read again this often while the page is open. */
const REFRESH_MS = 60_000;

/** /fever: one tab per plan, its image with the probes' live values, and the probes as a table below. */
export default function FeverPlans() {
  const translate = useTranslate();
  const user = useUser();
  const timeZone = useTimeZone();
  const locale = user?.language.code.replace('_', '-') ?? 'fr-FR';
  const manager = hasAnyRole(user?.roles ?? [], [Role.ADMIN_SONDE]);
  const [params, setParams] = useSearchParams();
  const [plans, setPlans] = useState<FeverPlanDto[] | null>(null);
  const [probes, setProbes] = useState<FeverProbeDto[]>([]);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const [p, pr] = await Promise.all([feverApi.plans(), feverApi.probes()]);
      setPlans(p);
      setProbes(pr);
      setError(null);
    } catch (e) {
      setError(errorKeyOf(e));
    }
  }, []);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  if (!plans) return error ? <Alert severity="error">{translate(`errors.${error}`)}</Alert> : <Loading />;
  const planId = Number(params.get('plan')) || plans[0]?.id;
  const plan = plans.find((p) => p.id === planId) ?? plans[0];
  const rows = plan ? probes.filter((p) => p.planId === plan.id) : probes;
  const placed = (probe: FeverProbeDto) => setProbes((all) => all.map((p) => (p.id === probe.id ? probe : p)));

  return (
    <Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {translate('fever.title')}
        </Typography>
        <Legend />
        {manager && (
          <Button variant="outlined" component={RouterLink} to="/fever/manage">
            {translate('fever.actions.manage')}
          </Button>
        )}
      </Stack>
      {error && <Alert severity="warning">{translate(`errors.${error}`)}</Alert>}
      {plans.length === 0 ? (
        <Alert severity="info">{translate('fever.msg.noPlans')}</Alert>
      ) : (
        <>
          <Paper variant="outlined" sx={{ mb: 1 }}>
            <Tabs
              value={plan.id}
              onChange={(_, id: number) => setParams({ plan: String(id) }, { replace: true })}
              variant="scrollable"
              allowScrollButtonsMobile
              aria-label={translate('fever.plans')}
            >
              {plans.map((p) => (
                <Tab key={p.id} value={p.id} label={p.name} data-plan-tab={p.id} />
              ))}
            </Tabs>
          </Paper>
          <PlanBoard plan={plan} probes={probes} locale={locale} canPlace={manager} onPlaced={placed} />
        </>
      )}
      <TableContainer component={Paper} variant="outlined" sx={{ mt: 2 }}>
        <Table size="small" aria-label={translate('fever.probes')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('fever.f.probe')}</TableCell>
              <TableCell>{translate('fever.f.zone')}</TableCell>
              <TableCell>{translate('fever.f.state')}</TableCell>
              <TableCell align="right">{translate('fever.f.temperature')}</TableCell>
              <TableCell align="right">{translate('fever.f.humidity')}</TableCell>
              <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                {translate('fever.f.minMaxAvg24')}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{translate('fever.f.lastReading')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((p) => (
              <TableRow key={p.id} data-probe-row={p.id}>
                <TableCell>
                  <Link component={RouterLink} to={`/fever/probes/${p.id}`}>
                    {p.label}
                  </Link>
                </TableCell>
                <TableCell>{p.zone}</TableCell>
                <TableCell>
                  <ProbeStateChip probe={p} />
                </TableCell>
                <TableCell align="right">{formatTemperature(p.temperature, locale)}</TableCell>
                <TableCell align="right">{formatHumidity(p.humidity, locale)}</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {[p.minTemperature, p.maxTemperature, p.avgTemperature].map((v) => formatTemperature(v, locale)).join(' / ')}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {p.lastReadingAt ? formatDate(p.lastReadingAt, timeZone, true) : translate('fever.msg.never')}
                </TableCell>
              </TableRow>
            ))}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={7}>{translate('fever.msg.noProbes')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

function Legend() {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1.5} aria-label={translate('fever.legend')}>
      {(['ok', 'excursion', 'silent'] as const).map((s) => (
        <Stack key={s} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: STATE_COLOURS[s] }} />
          <Typography variant="body2">{translate(`fever.state.${s}`)}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}
