import type { MouseEvent, ReactNode } from 'react';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';

/** One fact of a card: a table column seen on a phone. `aside`: shown beside the title (row actions, selection). */
export interface CardField<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  aside?: boolean;
}

/** A tap on the card's own surface opens the row; taps on its links and buttons keep their meaning. */
const INTERACTIVE = 'a, button, input, label, [role="button"], [role="menuitem"]';

/**
 * A list as cards for a phone, one per row, instead of a table wider than the screen: the first field
 * is the title, the others label and value under it. With `href`, tapping the card opens the row.
 */
export function RowCards<T extends { id: string | number }>({
  rows,
  fields,
  label,
  href,
}: {
  rows: T[];
  fields: CardField<T>[];
  /** The list's name for screen readers (the table's caption). */
  label: string;
  href?: (row: T) => { to: string; state?: unknown };
}) {
  const navigate = useNavigate();
  const [title, ...rest] = fields.filter((f) => !f.aside);
  const asides = fields.filter((f) => f.aside);
  const open = (row: T) => (e: MouseEvent) => {
    if (!href || (e.target as Element).closest(INTERACTIVE)) return;
    const { to, state } = href(row);
    navigate(to, { state });
  };
  return (
    <Stack component="ul" aria-label={label} spacing={1} sx={{ listStyle: 'none', m: 0, p: 1 }} data-testid="row-cards">
      {rows.map((row) => (
        <Paper
          component="li"
          key={row.id}
          variant="outlined"
          onClick={open(row)}
          data-row-id={row.id}
          sx={{ p: 1.25, cursor: href ? 'pointer' : undefined, '&:hover': href ? { bgcolor: 'action.hover' } : undefined }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
            <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{title?.render(row)}</Box>
            {asides.length > 0 && (
              <Stack direction="row" sx={{ flexShrink: 0 }}>
                {asides.map((f) => (
                  <Box key={f.key}>{f.render(row)}</Box>
                ))}
              </Stack>
            )}
          </Stack>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5, m: 0, mt: 0.75 }}>
            {rest.map((f) => (
              <Box key={f.key} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="caption" color="text.secondary" sx={{ pt: '2px' }}>
                  {f.label}
                </Typography>
                <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', typography: 'body2' }}>
                  {f.render(row)}
                </Box>
              </Box>
            ))}
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}
