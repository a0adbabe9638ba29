import { useState, type ReactNode } from 'react';
import { Badge, Box, Button, Chip, Collapse, Stack, useMediaQuery, type Theme } from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useTranslate } from 'ra-core';

/** A filter the list applies, as its chip says it: "Transporteur : DPD". Without `onDelete` the chip cannot be removed. */
export interface ActiveFilter {
  key: string;
  label: string;
  onDelete?: () => void;
}

/**
 * A list's filter form, folded on a phone: one « Filtres » button (with the count of active filters)
 * and the active filters as chips, so that the first results are on the first screen; a tap on the
 * button opens the form, a search closes it. At a desk the form shows as it is.
 */
export function FoldedFilters({ id, active, children }: { id: string; active: ActiveFilter[]; children: ReactNode }) {
  const translate = useTranslate();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  if (!phone) return <>{children}</>;
  return (
    // The form inside submits through here: the search is made, the form folds away to show its results.
    <Box data-testid="folded-filters" sx={{ mb: 2 }} onSubmit={() => setOpen(false)}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          variant="outlined"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          startIcon={<FilterListIcon />}
        >
          <Badge color="primary" badgeContent={active.length} sx={{ '& .MuiBadge-badge': { right: -12 } }}>
            {translate('stock.filters')}
          </Badge>
        </Button>
        {active.map((f) => (
          <Chip key={f.key} size="small" label={f.label} onDelete={f.onDelete} sx={{ maxWidth: '100%' }} />
        ))}
      </Stack>
      <Collapse in={open} id={id} sx={{ mt: open ? 1.5 : 0 }}>
        {children}
      </Collapse>
    </Box>
  );
}
