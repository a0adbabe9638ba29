import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSortable } from '@dnd-kit/sortable';
import { Box, Link, Paper, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { PORTAL_APPS, type ReportDefinitionDto } from '@portal/contracts';
import { useShortLocale } from '../stock/ui';
import type { Tile } from './dashboardApi';
import { tileHref, tileTitle } from './tileTitle';
import { TileToolbar, type TileActions } from './TileToolbar';

// recharts is fetched only when a chart or report tile is on screen.
const ChartTile = lazy(() => import('./ChartTile'));
const ReportTile = lazy(() => import('./ReportTile'));

interface Props extends TileActions {
  tile: Tile;
  /** The reports the user may open (display numbers and titles of report tiles), when known. */
  reports?: readonly ReportDefinitionDto[] | null;
  first: boolean;
  last: boolean;
}

/** One pinned tile: 1×1, 2×1 or 2×2 in the dashboard grid, sortable by drag or keyboard. */
export function PinnedTile({ tile, first, last, reports, ...actions }: Props) {
  const translate = useTranslate();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: tile.uuid });
  const locale = useShortLocale();
  const title = tileTitle(tile, translate, locale, reports);
  const href = tileHref(tile);

  return (
    <Paper
      component="li"
      ref={setNodeRef}
      variant="outlined"
      data-testid="pinned-tile"
      data-tile-type={tile.type}
      data-tile-size={`${tile.width}x${tile.height}`}
      aria-label={title}
      sx={{
        gridColumn: `span ${tile.width}`,
        gridRow: `span ${tile.height}`,
        p: 1.5,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        minWidth: 0,
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        transition,
        opacity: isDragging ? 0.6 : 1,
        zIndex: isDragging ? 2 : 'auto',
        borderLeft: 4,
        borderLeftColor: 'primary.main',
      }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, lineHeight: 1.3 }} noWrap title={title}>
        {href ? (
          <Link component={RouterLink} to={href} color="inherit" underline="hover">
            {title}
          </Link>
        ) : (
          title
        )}
      </Typography>
      <Box sx={{ flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        {tile.type === 'chart' ? (
          <Suspense fallback={<Typography color="text.secondary">{translate('app.loading')}</Typography>}>
            <ChartTile source={tile.config?.source ?? tile.id_object} kind={tile.config?.chart ?? 'bar'} />
          </Suspense>
        ) : tile.type === 'link' ? (
          <Typography variant="body2" color="text.secondary">
            {translate(`appHints.${(PORTAL_APPS.find((a) => a.id === tile.id_object)?.labelKey ?? '').replace(/^apps\./, '')}`, { _: '' })}
          </Typography>
        ) : (
          <Suspense fallback={<Typography color="text.secondary">{translate('app.loading')}</Typography>}>
            <ReportTile id={tile.id_object} range={tile.config?.range} locale={locale} />
          </Suspense>
        )}
      </Box>
      <TileToolbar tile={tile} title={title} first={first} last={last} dragAttributes={attributes} dragListeners={listeners} {...actions} />
    </Paper>
  );
}
