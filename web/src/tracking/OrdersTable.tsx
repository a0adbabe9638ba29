import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useLocation } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { RowCards, type CardField } from '../lists/RowCards';
import { useErrorText } from '../i18n/useErrorText';
import type { OrderSummaryDto } from '@portal/contracts';
import type { SortField, TrackerSort } from './searchFilter';
import type { CursorList } from './useCursorList';

export interface OrderColumn {
  key: string;
  label: string;
  render: (row: OrderSummaryDto) => ReactNode;
  /** The server sorts by createdAt and reference only (keyset pagination). */
  sortField?: SortField;
  numeric?: boolean;
  /** Keeps the column from being squeezed by its neighbours (status chips). */
  minWidth?: number;
  /** A column of icon buttons: its header is read by screen readers, not shown. */
  hideLabel?: boolean;
}

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export interface RowSelection {
  selected: ReadonlySet<number>;
  toggle: (id: number) => void;
  setMany: (ids: number[], on: boolean) => void;
  labelOf: (row: OrderSummaryDto) => string;
  allLabel: string;
}

/**
 * Search results as an accessible table: sortable headers where the server can sort, optional row
 * selection, and the "next results" button that appends the following page (no total counted).
 */
export function OrdersTable({
  list,
  columns,
  caption,
  sort,
  onSort,
  selection,
  emptyText,
  countText,
  rowHref,
}: {
  list: CursorList<OrderSummaryDto>;
  columns: OrderColumn[];
  caption: string;
  sort: TrackerSort;
  onSort: (sort: TrackerSort) => void;
  selection?: RowSelection;
  emptyText: string;
  countText: (count: number) => string;
  /** The delivery a row opens (a tap on its card on a phone); the search travels in the state for "back". */
  rowHref?: (row: OrderSummaryDto) => string;
}) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const { rows, status, hasMore } = list;
  const busy = status === 'loading' || status === 'loadingMore';
  const shownIds = rows.map((r) => r.id);
  const selectedShown = selection ? shownIds.filter((id) => selection.selected.has(id)).length : 0;
  const span = columns.length + (selection ? 1 : 0);
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const { search } = useLocation();
  const note = (text: string) => (
    <Typography color="text.secondary" role="status" sx={{ py: 2, px: phone ? 2 : 0 }}>
      {text}
    </Typography>
  );
  const cardFields: CardField<OrderSummaryDto>[] = [
    ...columns.map((c) => ({ key: c.key, label: c.label, render: c.render, aside: c.hideLabel })),
    ...(selection
      ? [
          {
            key: 'select',
            label: selection.allLabel,
            aside: true,
            render: (row: OrderSummaryDto) => (
              <Checkbox
                size="small"
                checked={selection.selected.has(row.id)}
                onChange={() => selection.toggle(row.id)}
                slotProps={{ input: { 'aria-label': selection.labelOf(row) } }}
              />
            ),
          },
        ]
      : []),
  ];
  return (
    <Paper variant="outlined">
      <Box sx={{ height: 4 }}>{busy && <LinearProgress aria-hidden="true" />}</Box>
      {phone ? (
        <Box aria-busy={busy}>
          <RowCards
            rows={rows}
            fields={cardFields}
            label={caption}
            href={rowHref ? (row) => ({ to: rowHref(row), state: { search } }) : undefined}
          />
          {status === 'ready' && rows.length === 0 && note(emptyText)}
          {status === 'loading' && rows.length === 0 && note(translate('pgt.loading'))}
        </Box>
      ) : (
        <TableContainer sx={{ maxHeight: 'calc(100vh - 220px)', minHeight: 160 }}>
          <Table size="small" stickyHeader aria-busy={busy} data-testid="orders-table">
            <caption style={VISUALLY_HIDDEN}>{caption}</caption>
            <TableHead>
              <TableRow>
                {selection && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      size="small"
                      checked={rows.length > 0 && selectedShown === rows.length}
                      indeterminate={selectedShown > 0 && selectedShown < rows.length}
                      disabled={rows.length === 0}
                      onChange={(e) => selection.setMany(shownIds, e.target.checked)}
                      slotProps={{ input: { 'aria-label': selection.allLabel } }}
                    />
                  </TableCell>
                )}
                {columns.map((c) => (
                  <TableCell
                    key={c.key}
                    align={c.numeric ? 'right' : 'left'}
                    sortDirection={c.sortField && sort.field === c.sortField ? (sort.order === 'ASC' ? 'asc' : 'desc') : false}
                    sx={{ fontWeight: 600, px: 0.75, verticalAlign: 'bottom', lineHeight: 1.3, minWidth: c.minWidth }}
                  >
                    {c.sortField ? (
                      <TableSortLabel
                        active={sort.field === c.sortField}
                        direction={sort.field === c.sortField && sort.order === 'ASC' ? 'asc' : 'desc'}
                        onClick={() =>
                          onSort({
                            field: c.sortField!,
                            order:
                              sort.field === c.sortField
                                ? sort.order === 'ASC'
                                  ? 'DESC'
                                  : 'ASC'
                                : c.sortField === 'reference'
                                  ? 'ASC'
                                  : 'DESC',
                          })
                        }
                      >
                        {c.label}
                      </TableSortLabel>
                    ) : c.hideLabel ? (
                      <span style={VISUALLY_HIDDEN}>{c.label}</span>
                    ) : (
                      c.label
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id} hover selected={selection?.selected.has(row.id)} data-order-id={row.id}>
                  {selection && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        size="small"
                        checked={selection.selected.has(row.id)}
                        onChange={() => selection.toggle(row.id)}
                        slotProps={{ input: { 'aria-label': selection.labelOf(row) } }}
                      />
                    </TableCell>
                  )}
                  {columns.map((c) => (
                    <TableCell
                      key={c.key}
                      align={c.numeric ? 'right' : 'left'}
                      sx={{ whiteSpace: 'nowrap', verticalAlign: 'top', px: 0.75 }}
                    >
                      {c.render(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
              {status === 'ready' && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={span}>
                    <Typography color="text.secondary" role="status" sx={{ py: 2 }}>
                      {emptyText}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
              {status === 'loading' && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={span}>
                    <Typography color="text.secondary" role="status" sx={{ py: 2 }}>
                      {translate('pgt.loading')}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {status === 'error' && (
        <Alert severity="error" role="alert" sx={{ m: 1 }}>
          {errorText(list.error)}
        </Alert>
      )}
      <Stack
        direction="row"
        spacing={2}
        component="nav"
        aria-label={translate('pgt.paging')}
        sx={{ alignItems: 'center', justifyContent: 'flex-end', p: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="body2" role="status" data-testid="rows-shown">
          {rows.length > 0 ? countText(rows.length) : ''}
          {rows.length > 0 && !hasMore && status === 'ready' ? ` · ${translate('pgt.end')}` : ''}
        </Typography>
        {hasMore && (
          <Button variant="outlined" size="small" onClick={list.loadMore} disabled={busy}>
            {status === 'loadingMore' ? translate('pgt.loading') : translate('pgt.nextResults')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
