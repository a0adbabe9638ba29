import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNotify, useTranslate } from 'ra-core';
import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import type { FeverPlanDto, FeverProbeDto } from '@portal/contracts';
import { errorKeyOf } from '../core/api';
import { feverApi } from './feverApi';
import { dropPosition, probesOfPlan } from './feverLogic';
import { ProbeMarker } from './ProbeMarker';

interface Drag {
  id: number;
  x: number;
  y: number;
  moved: boolean;
}

/**
 * A plan's image with its probes drawn on it by their live values. An ADMIN_SONDE drags a probe
 * (or one of the platform's unplaced probes) to its place; the position is kept as fractions of the
 * image, so it holds whatever the screen's width.
 */
export function PlanBoard({
  plan,
  probes,
  locale,
  canPlace,
  onPlaced,
}: {
  plan: FeverPlanDto;
  probes: FeverProbeDto[];
  locale: string;
  canPlace: boolean;
  onPlaced: (probe: FeverProbeDto) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const image = useRef<HTMLDivElement>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  // The click that ends a drag must not open the probe.
  const droppedAt = useRef(0);
  const { placed, unplaced } = probesOfPlan(probes, plan);

  useEffect(() => {
    let created: string | null = null;
    setUrl(null);
    if (plan.hasImage)
      feverApi
        .imageUrl(plan.id)
        .then((u) => setUrl((created = u)))
        .catch(() => setUrl(null));
    return () => {
      if (created) URL.revokeObjectURL(created);
    };
  }, [plan.id, plan.hasImage, plan.updatedAt]);

  useEffect(() => {
    if (!drag) return;
    const box = () => image.current?.getBoundingClientRect();
    const move = (e: PointerEvent) => {
      const b = box();
      const at = b && dropPosition(e.clientX, e.clientY, b);
      if (at) setDrag((d) => d && { ...d, ...at, moved: true });
    };
    const drop = async (e: PointerEvent) => {
      const b = box();
      const current = drag;
      setDrag(null);
      if (!b || !current.moved) return;
      droppedAt.current = Date.now();
      const inside = e.clientX >= b.left && e.clientX <= b.right && e.clientY >= b.top && e.clientY <= b.bottom;
      if (!inside) return;
      const at = dropPosition(e.clientX, e.clientY, b)!;
      try {
        onPlaced(await feverApi.place(current.id, { planId: plan.id, ...at }));
        notify('fever.msg.placed', { type: 'info' });
      } catch (error) {
        notify(`errors.${errorKeyOf(error)}`, { type: 'error' });
      }
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', drop, { once: true });
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', drop);
    };
    // The listeners follow one drag: they are set when it starts (drag.id) and read its latest state through setDrag.
  }, [drag?.id, drag?.moved]);

  const start = (probe: FeverProbeDto) => (e: React.PointerEvent) => {
    if (!canPlace || e.button !== 0) return;
    e.preventDefault();
    setDrag({ id: probe.id, x: probe.x ?? 0, y: probe.y ?? 0, moved: false });
  };
  const shown = (p: FeverProbeDto) => (drag?.id === p.id && drag.moved ? { ...p, x: drag.x, y: drag.y } : p);
  const dragged = drag?.moved ? unplaced.find((p) => p.id === drag.id) : undefined;

  return (
    <Stack spacing={1}>
      {canPlace && unplaced.length > 0 && (
        <Paper variant="outlined" sx={{ p: 1 }}>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {translate('fever.plan.toPlace')}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {unplaced.map((p) => (
              <Chip
                key={p.id}
                label={p.label}
                data-unplaced-probe={p.id}
                onPointerDown={start(p)}
                sx={{ cursor: 'grab', touchAction: 'none' }}
                variant="outlined"
              />
            ))}
          </Stack>
        </Paper>
      )}
      <Box
        ref={image}
        data-plan-board={plan.id}
        sx={{ position: 'relative', width: '100%', bgcolor: '#eceff1', borderRadius: 1, overflow: 'hidden', userSelect: 'none' }}
      >
        {url ? (
          <Box
            component="img"
            src={url}
            alt={translate('fever.plan.imageAlt', { name: plan.name })}
            draggable={false}
            sx={{ display: 'block', width: '100%', height: 'auto' }}
          />
        ) : (
          <Box sx={{ aspectRatio: '16 / 10', display: 'grid', placeItems: 'center', color: '#455a64' }}>
            <Typography>{translate(plan.hasImage ? 'fever.plan.loading' : 'fever.plan.noImage')}</Typography>
          </Box>
        )}
        {[...placed, ...(dragged ? [dragged] : [])].map((p) => (
          <ProbeMarker
            key={p.id}
            probe={shown(p)}
            locale={locale}
            dragging={drag?.id === p.id}
            onPointerDown={canPlace ? start(p) : undefined}
            onOpen={() => Date.now() - droppedAt.current > 400 && navigate(`/fever/probes/${p.id}`)}
          />
        ))}
      </Box>
    </Stack>
  );
}
