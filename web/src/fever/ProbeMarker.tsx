import { Box, Chip, Tooltip } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { FeverProbeDto } from '@portal/contracts';
import { feverProbeState, formatTemperature, STATE_COLOURS } from './feverLogic';

/** The probe's state as a chip: OK, excursion, silent. */
export function ProbeStateChip({ probe }: { probe: Pick<FeverProbeDto, 'silent' | 'inExcursion'> }) {
  const translate = useTranslate();
  const state = feverProbeState(probe);
  return (
    <Chip
      size="small"
      label={translate(`fever.state.${state}`)}
      data-probe-state={state}
      sx={{ bgcolor: STATE_COLOURS[state], color: '#fff', fontWeight: 600 }}
    />
  );
}

/** What a marker names a probe by: the end of its label ("CF Saran – porte" → "porte"). */
export const shortLabel = (label: string): string =>
  label
    .split(/\s[–-]\s/)
    .pop()!
    .trim();

/** A probe drawn on its plan: a pill coloured by its state with its last temperature. */
export function ProbeMarker({
  probe,
  locale,
  dragging,
  onPointerDown,
  onOpen,
}: {
  probe: FeverProbeDto;
  locale: string;
  dragging: boolean;
  onPointerDown?: (e: React.PointerEvent) => void;
  onOpen: () => void;
}) {
  const translate = useTranslate();
  const state = feverProbeState(probe);
  const text = `${shortLabel(probe.label)} · ${formatTemperature(probe.temperature, locale)}`;
  // The accessible name starts with the visible text (WCAG 2.5.3 label in name).
  const title = `${text} – ${probe.label} – ${translate(`fever.state.${state}`)}`;
  return (
    <Tooltip title={title} arrow>
      <Box
        component="button"
        type="button"
        aria-label={title}
        data-probe-marker={probe.id}
        data-probe-state={state}
        onPointerDown={onPointerDown}
        onClick={onOpen}
        sx={{
          position: 'absolute',
          left: `${(probe.x ?? 0) * 100}%`,
          top: `${(probe.y ?? 0) * 100}%`,
          transform: 'translate(-50%, -50%)',
          bgcolor: STATE_COLOURS[state],
          color: '#fff',
          border: '2px solid #fff',
          borderRadius: 8,
          px: 1,
          py: 0.25,
          fontSize: { xs: 11, sm: 13 },
          fontWeight: 700,
          whiteSpace: 'nowrap',
          boxShadow: 3,
          cursor: onPointerDown ? (dragging ? 'grabbing' : 'grab') : 'pointer',
          opacity: dragging ? 0.7 : 1,
          touchAction: 'none',
          zIndex: dragging ? 3 : 2,
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
        }}
      >
        {text}
      </Box>
    </Tooltip>
  );
}
