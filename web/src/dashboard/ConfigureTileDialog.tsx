import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { CHART_KINDS, type ChartKind } from '@portal/contracts';
import type { Tile, TileConfig } from './dashboardApi';

interface Props {
  tile: Tile | null;
  onClose: () => void;
  onSave: (config: TileConfig) => void;
}

/** Tile configuration: its title and, for a chart, the kind of chart. */
export function ConfigureTileDialog({ tile, onClose, onSave }: Props) {
  const translate = useTranslate();
  const [title, setTitle] = useState('');
  const [chart, setChart] = useState<ChartKind>('bar');
  useEffect(() => {
    setTitle(tile?.config?.title ?? '');
    setChart(tile?.config?.chart ?? 'bar');
  }, [tile]);

  const save = () => {
    const config: TileConfig = { ...(tile?.config ?? {}), title: title.trim() || undefined };
    if (tile?.type === 'chart') config.chart = chart;
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
