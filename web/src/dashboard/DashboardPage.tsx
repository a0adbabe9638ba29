import { useState } from 'react';
import { Box, Button, Snackbar, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, rectSortingStrategy, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useTranslate } from 'ra-core';
import { TILE_SIZES } from '@portal/contracts';
import { useUser } from '../user/useUser';
import { useApps } from '../apps/useApps';
import { AppTiles } from '../apps/AppTiles';
import { Loading } from '../layout/Loading';
import { useDashboard } from './useDashboard';
import { PinnedTile } from './PinnedTile';
import { AddTileDialog } from './AddTileDialog';
import { ConfigureTileDialog } from './ConfigureTileDialog';
import { ProfileSwitcher } from './ProfileSwitcher';
import { useReports } from '../reports/useReports';
import type { Tile } from './dashboardApi';

/** /dashboard: the user's pinned tiles (spec §2) and their application tiles. */
export default function DashboardPage() {
  const translate = useTranslate();
  const user = useUser();
  const apps = useApps(user?.uuid);
  const { tiles, add, update, reorder, remove, removed, forgetRemoved, undoRemove, reload } = useDashboard();
  const { reports } = useReports();
  const [adding, setAdding] = useState(false);
  const [configuring, setConfiguring] = useState<Tile | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // The title and the profile switcher (which reads the profiles) at once, beside the tiles' load.
  const header = (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
      <Typography variant="h4" component="h1">
        {translate('dashboard.title')}
      </Typography>
      <ProfileSwitcher roles={user?.roles ?? []} onSwitched={reload} />
    </Stack>
  );
  if (!tiles || !apps)
    return (
      <Stack spacing={4}>
        {header}
        <Loading />
      </Stack>
    );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    reorder(
      tiles.findIndex((t) => t.uuid === active.id),
      tiles.findIndex((t) => t.uuid === over.id),
    );
  };

  return (
    <Stack spacing={4}>
      {header}
      <Box component="section" aria-labelledby="pinned-title">
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2 }}>
          <Typography id="pinned-title" variant="h5" component="h2">
            {translate('dashboard.pinned')}
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {translate('dashboard.add')}
          </Button>
        </Stack>
        {tiles.length === 0 ? (
          <Typography color="text.secondary">{translate('dashboard.empty')}</Typography>
        ) : (
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={tiles.map((t) => t.uuid)} strategy={rectSortingStrategy}>
              <Box
                component="ul"
                data-testid="pinned-tiles"
                sx={{
                  listStyle: 'none',
                  p: 0,
                  m: 0,
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
                  gridAutoRows: '200px',
                  gridAutoFlow: 'dense',
                }}
              >
                {tiles.map((tile, index) => (
                  <PinnedTile
                    key={tile.uuid}
                    tile={tile}
                    reports={reports}
                    first={index === 0}
                    last={index === tiles.length - 1}
                    onMove={(step) => reorder(index, index + step)}
                    onResize={(size) => update(tile.uuid, TILE_SIZES[size])}
                    onConfigure={() => setConfiguring(tile)}
                    onRemove={() => remove(tile.uuid)}
                  />
                ))}
              </Box>
            </SortableContext>
          </DndContext>
        )}
      </Box>
      <Box component="section" aria-labelledby="apps-title">
        <Typography id="apps-title" variant="h5" component="h2" sx={{ mb: 2 }}>
          {translate('dashboard.applications')}
        </Typography>
        <AppTiles apps={apps} />
      </Box>
      <Snackbar
        open={!!removed}
        autoHideDuration={7000}
        onClose={(_, reason) => reason !== 'clickaway' && forgetRemoved()}
        message={translate('dashboard.tileRemoved')}
        action={
          <Button color="primary" size="small" onClick={undoRemove}>
            {translate('dashboard.undo')}
          </Button>
        }
      />
      <AddTileDialog open={adding} apps={apps} roles={user?.roles ?? []} reports={reports} onClose={() => setAdding(false)} onAdd={add} />
      <ConfigureTileDialog
        tile={configuring}
        onClose={() => setConfiguring(null)}
        onSave={(config) => {
          if (configuring) update(configuring.uuid, { config });
          setConfiguring(null);
        }}
      />
    </Stack>
  );
}
