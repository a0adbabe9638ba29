import { useState } from 'react';
import { Box, IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import AspectRatioIcon from '@mui/icons-material/AspectRatio';
import SettingsIcon from '@mui/icons-material/Settings';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { useTranslate } from 'ra-core';
import { TILE_SIZES } from '@portal/contracts';
import { SIZE_NAMES, sizeOf, type SizeName, type Tile } from './dashboardApi';

export interface TileActions {
  onMove: (step: -1 | 1) => void;
  onResize: (size: SizeName) => void;
  onConfigure: () => void;
  onRemove: () => void;
}

interface Props extends TileActions {
  tile: Tile;
  title: string;
  first: boolean;
  last: boolean;
  dragAttributes: DraggableAttributes;
  dragListeners: DraggableSyntheticListeners;
}

/** The tile's own controls: drag handle, keyboard moves, size, configuration, removal. */
export function TileToolbar(props: Props) {
  const translate = useTranslate();
  const [sizeAnchor, setSizeAnchor] = useState<HTMLElement | null>(null);
  const label = (key: string) => `${translate(key)} – ${props.title}`;
  const current = sizeOf(props.tile);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, flexWrap: 'wrap' }}>
      <Tooltip title={translate('dashboard.dragHandle')}>
        <IconButton
          size="small"
          aria-label={label('dashboard.dragHandle')}
          {...props.dragAttributes}
          {...props.dragListeners}
          sx={{ cursor: 'grab' }}
        >
          <DragIndicatorIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <IconButton size="small" aria-label={label('dashboard.moveLeft')} disabled={props.first} onClick={() => props.onMove(-1)}>
        <ChevronLeftIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label={label('dashboard.moveRight')} disabled={props.last} onClick={() => props.onMove(1)}>
        <ChevronRightIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label={label('dashboard.size')} aria-haspopup="menu" onClick={(e) => setSizeAnchor(e.currentTarget)}>
        <AspectRatioIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={sizeAnchor} open={!!sizeAnchor} onClose={() => setSizeAnchor(null)}>
        {SIZE_NAMES.map((size) => (
          <MenuItem
            key={size}
            selected={size === current}
            onClick={() => {
              setSizeAnchor(null);
              props.onResize(size);
            }}
          >
            {`${translate(`dashboard.sizes.${size}`)} (${TILE_SIZES[size].width}×${TILE_SIZES[size].height})`}
          </MenuItem>
        ))}
      </Menu>
      <IconButton size="small" aria-label={label('dashboard.configure')} onClick={props.onConfigure}>
        <SettingsIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label={label('dashboard.remove')} onClick={props.onRemove}>
        <DeleteOutlineIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
