import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { CHART_KINDS, type ChartKind, type DateRange } from '@portal/contracts';
import { RangeField } from './RangeField';
import type { Tile, TileConfig } from './dashboardApi';

interface Props {
  tile: Tile | null;
  onClose: () => void;
  onSave: (config: TileConfig) => void;
}

/** Tile configuration: its title and, for a chart, the kind of chart; for a report, its period. */
export function ConfigureTileDialog({ tile, onClose, onSave }: Props) {
  const translate = useTranslate();
  const [title, setTitle] = useState('');
  const [chart, setChart] = useState<ChartKind>('bar');
  const [range, setRange] = useState<DateRange | ''>('');
  useEffect(() => {
    setTitle(tile?.config?.title ?? '');
    setChart(tile?.config?.chart ?? 'bar');
    setRange(tile?.config?.range ?? '');
  }, [tile]);

  const save = () => {
    const config: TileConfig = { ...(tile?.config ?? {}), title: title.trim() || undefined };
    if (tile?.type === 'chart') config.chart = chart;
    if (tile?.type === 'report') config.range = range || undefined;
    onSave(config);
  };

  return (
    <Dialog open={!!tile} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="configure-tile-title">
      <DialogTitle id="configure-tile-title">{translate('dashboard.configureTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            id="configure-title"
            label={translate('dashboard.chartTitle')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          {tile?.type === 'chart' && (
            <TextField
              select
              id="configure-chart"
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
          )}
          {tile?.type === 'report' && <RangeField id="configure-range" value={range} onChange={setRange} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('common.cancel')}</Button>
        <Button variant="contained" onClick={save}>
          {translate('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
