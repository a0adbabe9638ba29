import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { CHART_KINDS, TILE_SIZES, type ChartKind, type DateRange, type ReportDefinitionDto, type TileType } from '@portal/contracts';
import type { PersonalApp } from '../apps/useApps';
import { SIZE_NAMES, type NewTile, type SizeName } from './dashboardApi';
import { canAdd, tileChoices } from './tileChoices';
import { reportName } from './tileTitle';
import { useShortLocale } from '../stock/ui';
import { RangeField } from './RangeField';

interface Props {
  open: boolean;
  apps: PersonalApp[];
  /** The user's roles: only what they open is offered (the server refuses the rest with permissionDenied). */
  roles: readonly string[];
  onClose: () => void;
  onAdd: (tile: NewTile) => void;
  /** The reports catalogue the user may open (GET /api/reports), when known: names, numbers and order. */
  reports?: readonly ReportDefinitionDto[] | null;
}

/** Pins a shortcut to an application, a report or a chart of real figures: only those the user may open. */
export function AddTileDialog({ open, apps, roles, onClose, onAdd, reports }: Props) {
  const translate = useTranslate();
  const locale = useShortLocale();
  const appIds = apps.map((a) => a.id);
  const choices = tileChoices(roles, appIds, reports);
  const [chosenType, setType] = useState<TileType>('link');
  const [app, setApp] = useState('');
  const [report, setReport] = useState('');
  const [chosenSource, setSource] = useState('');
  const [chart, setChart] = useState<ChartKind>('bar');
  const [title, setTitle] = useState('');
  const [range, setRange] = useState<DateRange | ''>('');
  const [size, setSize] = useState<SizeName>('normal');

  // A choice the user no longer has (roles changed while the dialog lived) falls back to the first offered.
  const type = choices.types.includes(chosenType) ? chosenType : (choices.types[0] ?? 'chart');
  const appId = choices.appIds.includes(app) ? app : (choices.appIds[0] ?? '');
  const reportId = choices.reports.includes(report) ? report : (choices.reports[0] ?? '');
  const source = choices.sources.includes(chosenSource) ? chosenSource : (choices.sources[0] ?? '');
  const { width, height } = TILE_SIZES[size];
  const titled = title ? { title } : {};
  const tile: NewTile =
    type === 'link'
      ? { type, id_object: appId, width, height, config: titled }
      : type === 'report'
        ? { type, id_object: reportId, width, height, config: { ...titled, ...(range ? { range } : {}) } }
        : { type, id_object: source, width, height, config: { chart, source, ...titled } };
  const valid = canAdd(roles, tile);

  const submit = () => {
    if (!valid) return;
    onAdd(tile);
    setTitle('');
    setReport('');
    setRange('');
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="add-tile-title">
      <DialogTitle id="add-tile-title">{translate('dashboard.addTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            id="tile-type"
            label={translate('dashboard.type')}
            value={type}
            onChange={(e) => setType(e.target.value as TileType)}
          >
            {choices.types.map((t) => (
              <MenuItem key={t} value={t}>
                {translate(`dashboard.types.${t}`)}
              </MenuItem>
            ))}
          </TextField>
          {type === 'link' && (
            <TextField select id="tile-app" label={translate('dashboard.app')} value={appId} onChange={(e) => setApp(e.target.value)}>
              {apps
                .filter((a) => choices.appIds.includes(a.id))
                .map((a) => (
                  <MenuItem key={a.id} value={a.id}>
                    {translate(a.labelKey)}
                  </MenuItem>
                ))}
            </TextField>
          )}
          {type === 'report' && (
            <TextField
              select
              id="tile-report"
              label={translate('dashboard.reportId')}
              value={reportId}
              onChange={(e) => setReport(e.target.value)}
              required
            >
              {choices.reports.map((id) => (
                <MenuItem key={id} value={id}>
                  {reportName(id, locale, translate, reports)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {type === 'report' && <RangeField id="tile-range" value={range} onChange={setRange} />}
          {type === 'chart' && (
            <>
              <TextField
                select
                id="tile-source"
                label={translate('dashboard.source')}
                value={source}
                onChange={(e) => setSource(e.target.value)}
              >
                {choices.sources.map((s) => (
                  <MenuItem key={s} value={s}>
                    {translate(`dashboard.sources.${s}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                id="tile-chart"
                label={translate('dashboard.chartKind')}
                value={chart}
                onChange={(e) => setChart(e.target.value as ChartKind)}
              >
                {CHART_KINDS.map((k) => (
                  <MenuItem key={k} value={k}>
                    {translate(`dashboard.chartKinds.${k}`)}
                  </MenuItem>
                ))}
              </TextField>
            </>
          )}
          <TextField
            id="tile-title"
            label={translate('dashboard.chartTitle')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <TextField
            select
            id="tile-size"
            label={translate('dashboard.size')}
            value={size}
            onChange={(e) => setSize(e.target.value as SizeName)}
          >
            {SIZE_NAMES.map((s) => (
              <MenuItem key={s} value={s}>
                {`${translate(`dashboard.sizes.${s}`)} (${TILE_SIZES[s].width}×${TILE_SIZES[s].height})`}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={!valid}>
          {translate('common.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
