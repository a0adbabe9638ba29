import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { CHART_KINDS, TILE_SIZES, TILE_TYPES, type ChartKind, type TileType } from '@portal/contracts';
import type { PersonalApp } from '../apps/useApps';
import { FIGURE_SOURCES, SIZE_NAMES, type FigureSource, type NewTile, type SizeName } from './dashboardApi';

interface Props {
  open: boolean;
  apps: PersonalApp[];
  onClose: () => void;
  onAdd: (tile: NewTile) => void;
}

/** Pins a shortcut to an application, a report or a chart of real figures. */
export function AddTileDialog({ open, apps, onClose, onAdd }: Props) {
  const translate = useTranslate();
  const [type, setType] = useState<TileType>('link');
  const [app, setApp] = useState('');
  const [report, setReport] = useState('');
  const [source, setSource] = useState<FigureSource>(FIGURE_SOURCES[0]);
  const [chart, setChart] = useState<ChartKind>('bar');
  const [title, setTitle] = useState('');
  const [size, setSize] = useState<SizeName>('normal');

  const appId = app || apps[0]?.id || '';
  const valid = type === 'link' ? !!appId : type === 'report' ? /^\d+$/.test(report.trim()) : true;

  const submit = () => {
    const { width, height } = TILE_SIZES[size];
    if (type === 'link') onAdd({ type, id_object: appId, width, height, config: title ? { title } : {} });
    if (type === 'report') onAdd({ type, id_object: report.trim(), width, height, config: title ? { title } : {} });
    if (type === 'chart') onAdd({ type, id_object: source, width, height, config: { chart, source, ...(title ? { title } : {}) } });
    setTitle('');
    setReport('');
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
            {TILE_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {translate(`dashboard.types.${t}`)}
              </MenuItem>
            ))}
          </TextField>
          {type === 'link' && (
            <TextField select id="tile-app" label={translate('dashboard.app')} value={appId} onChange={(e) => setApp(e.target.value)}>
              {apps.map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {translate(a.labelKey)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {type === 'report' && (
            <TextField
              id="tile-report"
              label={translate('dashboard.reportId')}
              value={report}
              onChange={(e) => setReport(e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              required
            />
          )}
          {type === 'chart' && (
            <>
              <TextField
                select
                id="tile-source"
                label={translate('dashboard.source')}
                value={source}
                onChange={(e) => setSource(e.target.value as FigureSource)}
              >
                {FIGURE_SOURCES.map((s) => (
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
