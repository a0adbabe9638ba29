import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Box,
  Button,
  Chip,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useLocaleState, useNotify, useTranslate, type ListControllerResult, type RaRecord } from 'ra-core';
import type { ExpiryFlag, Labels5, ListDeclaration, UiPreferences } from '@portal/contracts';
import { ApiError, errorKeyOf } from '../core/api';
import { exportFailure } from '../exports/download';
import { useDraftFilter, type DraftFilter } from '../core/useDraftFilter';
import { RowCards } from '../lists/RowCards';
import { FoldedFilters, type ActiveFilter } from '../lists/FoldedFilters';
import { useColumnChooser } from '../lists/ColumnChooser';
import { downloadExport } from './exportFile';
import { formatDay } from '@portal/contracts';
import { DateInput } from '../dates/DateInput';
import { fitLabelSx } from '../lists/fitLabel';

/** The short language of the portal (fr, en, es, it, de), for the contracts' labels. */
export function useShortLocale(): keyof Labels5 {
  const [locale] = useLocaleState();
  const short = locale.slice(0, 2);
  return (['fr', 'en', 'es', 'it', 'de'].includes(short) ? short : 'en') as keyof Labels5;
}

export { useTimeZone } from '../user/useUser';

export function useNumber() {
  const locale = useShortLocale();
  return (value: number | null | undefined, digits = 0) =>
    value === null || value === undefined
      ? ''
      : new Intl.NumberFormat(locale, { maximumFractionDigits: digits || 3, minimumFractionDigits: digits }).format(value);
}

/** A best-before date, flagged (text and colour) when expired or within 30 days. */
export function BestBefore({ day, expiry }: { day: string | null; expiry: ExpiryFlag }) {
  const translate = useTranslate();
  if (!day) return null;
  return (
    <Stack
      sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}
      direction="row"
      useFlexGap
      component="span"
      data-expiry={expiry ?? undefined}
    >
      <span style={{ whiteSpace: 'nowrap' }}>{formatDay(day)}</span>
      {expiry && (
        <Chip size="small" color={expiry === 'expired' ? 'error' : 'warning'} variant="outlined" label={translate(`stock.${expiry}`)} />
      )}
    </Stack>
  );
}

export interface Column<T> {
  source: string;
  label: string;
  sortable?: boolean;
  numeric?: boolean;
  render?: (row: T) => ReactNode;
  /** Long text (labels, blocking codes) wraps within this width instead of widening the table; codes and dates never wrap. */
  wrapAt?: number;
  /** On a phone's card, beside its title rather than under it (a row's selection or actions). */
  cardAside?: boolean;
}

/** A react-admin list as an accessible table: sortable headers, next-page paginator when the total is unknown. */
export function ListTable<T extends RaRecord>({
  list,
  columns: all,
  caption,
  emptyText,
  hiddenPreference,
}: {
  list: ListControllerResult<T>;
  columns: Column<T>[];
  /** A wide list: the user picks its columns, saved in this preference. */
  hiddenPreference?: keyof UiPreferences;
  caption: string;
  /** What an empty list says for its filter (stock/emptyState.ts); the generic line otherwise. */
  emptyText?: string;
}) {
  const translate = useTranslate();
  const { data, sort, setSort, isPending, error } = list;
  const rows = data ?? [];
  const chooser = useColumnChooser(
    hiddenPreference ?? 'stockIdHiddenColumns',
    all.map((c) => ({ key: c.source, label: c.label })),
  );
  const columns = hiddenPreference ? all.filter((c) => !chooser.hidden.has(c.source)) : all;
  const tools = hiddenPreference && (
    <Stack direction="row" sx={{ justifyContent: 'flex-end', px: 1, pt: 0.5 }}>
      {chooser.button}
    </Stack>
  );
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const cell = (c: Column<T>, row: T) => (c.render ? c.render(row) : String((row as Record<string, unknown>)[c.source] ?? ''));
  const empty = !isPending && rows.length === 0 && (
    <Typography color={error ? 'error' : 'text.secondary'} role={error ? 'alert' : 'status'} sx={phone ? { p: 2 } : undefined}>
      {error
        ? translate(`errors.${errorKeyOf(error)}`, error instanceof ApiError ? error.params : {})
        : (emptyText ?? translate('stock.empty'))}
    </Typography>
  );
  if (phone)
    return (
      <Paper variant="outlined">
        {tools}
        <RowCards
          rows={rows}
          label={caption}
          fields={columns.map((c) => ({ key: c.source, label: c.label, render: (row: T) => cell(c, row), aside: c.cardAside }))}
        />
        {empty}
        <Paginator list={list} />
      </Paper>
    );
  return (
    <Paper variant="outlined">
      {tools}
      <TableContainer sx={{ maxHeight: '70vh' }}>
        <Table
          size="small"
          stickyHeader
          aria-busy={isPending}
          // An inactive sort arrow takes no room (a header is still a sort button): a column is as wide as its data.
          sx={{ '& .MuiTableSortLabel-root:not(.Mui-active) .MuiTableSortLabel-icon': { width: 0, mx: 0 } }}
        >
          <caption className="visually-hidden" style={{ position: 'absolute', left: -10000 }}>
            {caption}
          </caption>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell
                  key={c.source}
                  align={c.numeric ? 'right' : 'left'}
                  sortDirection={sort.field === c.source ? (sort.order.toLowerCase() as 'asc' | 'desc') : false}
                  sx={{ px: 0.75, verticalAlign: 'bottom', lineHeight: 1.3, fontWeight: 600 }}
                >
                  {c.sortable === false ? (
                    c.label
                  ) : (
                    <TableSortLabel
                      active={sort.field === c.source}
                      direction={sort.field === c.source && sort.order === 'DESC' ? 'desc' : 'asc'}
                      onClick={() => setSort({ field: c.source, order: sort.field === c.source && sort.order === 'ASC' ? 'DESC' : 'ASC' })}
                    >
                      {c.label}
                    </TableSortLabel>
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} hover>
                {columns.map((c) => (
                  <TableCell
                    key={c.source}
                    align={c.numeric ? 'right' : 'left'}
                    sx={{ px: 0.75, ...(c.wrapAt ? { minWidth: Math.min(c.wrapAt, 110), maxWidth: c.wrapAt } : { whiteSpace: 'nowrap' }) }}
                  >
                    {cell(c, row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {empty && (
              <TableRow>
                <TableCell colSpan={columns.length}>{empty}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Paginator list={list} />
    </Paper>
  );
}

const PER_PAGE = [25, 50, 100, 250];

/** Previous / next page; the "x–y of n" line only when the API counted the rows. */
export function Paginator({ list }: { list: ListControllerResult }) {
  const translate = useTranslate();
  const { page, perPage, total, hasNextPage, hasPreviousPage, setPage, setPerPage, data } = list;
  const n = useNumber();
  const first = (page - 1) * perPage + 1;
  const last = first + (data?.length ?? 0) - 1;
  return (
    <Stack
      direction="row"
      spacing={2}

      sx={{ alignItems: 'center', justifyContent: 'flex-end', p: 1, flexWrap: 'wrap' }}
      component="nav"
      aria-label={translate('stock.paging')}
    >
      <TextField
        select
        size="small"
        label={translate('stock.perPage')}
        value={perPage}
        onChange={(e) => setPerPage(Number(e.target.value))}
        sx={{ minWidth: 110 }}
      >
        {PER_PAGE.map((n) => (
          <MenuItem key={n} value={n}>
            {n}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" role="status" data-testid="page-status">
        {data?.length
          ? total != null
            ? translate('stock.rowsOf', { from: n(first), to: n(last), total: n(total) })
            : translate('stock.rowsPage', { from: n(first), to: n(last), page: n(page) })
          : ''}
      </Typography>
      <Button size="small" disabled={!hasPreviousPage && page <= 1} onClick={() => setPage(page - 1)}>
        {translate('stock.previous')}
      </Button>
      <Button size="small" disabled={!hasNextPage} onClick={() => setPage(page + 1)}>
        {translate('stock.next')}
      </Button>
    </Stack>
  );
}

export interface FilterField {
  source: string;
  label: string;
  type?: 'text' | 'date' | 'select';
  options?: { value: string; label: string }[];
  width?: number;
}

type Filter = Record<string, unknown>;

/**
 * The filter form of a list: a draft applied on submit (Enter) so typing does not fire a query per
 * key, checked against the list's declaration first (a refused field is marked, nothing is sent).
 */
export function FilterBar({
  list,
  declaration,
  fields,
  defaults = {},
  children,
}: {
  list: ListControllerResult;
  declaration: ListDeclaration;
  fields: FilterField[];
  defaults?: Filter;
  /** Controls before the fields (a preset period), given the draft filter. */
  children?: (filter: DraftFilter<Filter>) => ReactNode;
}) {
  const translate = useTranslate();
  const filter = useDraftFilter<Filter>({
    applied: (list.filterValues ?? {}) as Filter,
    onApply: (next) => list.setFilters(next, undefined, false),
    defaults,
    list: declaration,
  });
  const { draft, set } = filter;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    filter.apply();
  };
  // A refused value the form does not show (a crafted link): said, since no field can be marked.
  const unshown = Object.keys(filter.errors).some((name) => !fields.some((f) => f.source === name));
  const active = useActiveFilters(list, fields);
  const form = (
    <Box component="form" onSubmit={submit} role="search" aria-label={translate('stock.filters')} sx={{ mb: 2 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
        {children?.(filter)}
        {fields.map((f) =>
          f.type === 'date' ? (
            <DateInput
              key={f.source}
              id={`filter-${f.source}`}
              label={f.label}
              value={(draft[f.source] as string | undefined) ?? ''}
              onChange={(value) => set({ [f.source]: value })}
              error={filter.errors[f.source] !== undefined}
              helperText={filter.errorText(f.source)}
              sx={fitLabelSx(f.label, f.width)}
            />
          ) : (
            <TextField
              key={f.source}
              id={`filter-${f.source}`}
              size="small"
              label={f.label}
              select={f.type === 'select'}
              value={(draft[f.source] as string | undefined) ?? ''}
              onChange={(e) => set({ [f.source]: e.target.value })}
              error={filter.errors[f.source] !== undefined}
              helperText={filter.errorText(f.source)}
              sx={fitLabelSx(
                f.label,
                f.width,
                f.type === 'select' ? [translate('stock.all'), ...(f.options ?? []).map((o) => o.label)] : [],
              )}
              slotProps={{ inputLabel: { shrink: f.type === 'select' ? true : undefined } }}
            >
              {f.type === 'select' && [
                <MenuItem key="" value="">
                  {translate('stock.all')}
                </MenuItem>,
                ...(f.options ?? []).map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                )),
              ]}
            </TextField>
          ),
        )}
        <Button type="submit" variant="contained">
          {translate('stock.search')}
        </Button>
        <Button type="button" onClick={filter.reset}>
          {translate('stock.reset')}
        </Button>
      </Stack>
      {unshown && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {translate('errors.validationFailed')}
        </Typography>
      )}
    </Box>
  );
  // A lone search field stays in sight on a phone; a form of several folds behind its « Filtres » button.
  if (fields.length + (children ? 1 : 0) < 3) return form;
  return (
    <FoldedFilters id={`filters-${declaration.resource.replace(/\W+/g, '-')}`} active={active}>
      {form}
    </FoldedFilters>
  );
}

/** The applied filters of the form's fields as chips: the field's label and the value as the form shows it. */
function useActiveFilters(list: ListControllerResult, fields: FilterField[]): ActiveFilter[] {
  const translate = useTranslate();
  const applied = (list.filterValues ?? {}) as Filter;
  return fields
    .filter((f) => applied[f.source] !== undefined && applied[f.source] !== null && applied[f.source] !== '')
    .map((f) => {
      const raw = String(applied[f.source]);
      const value =
        f.type === 'select' ? (f.options?.find((o) => o.value === raw)?.label ?? raw) : f.type === 'date' ? formatDay(raw) : raw;
      return {
        key: f.source,
        label: translate('lists.activeFilter', { label: f.label, value }),
        onDelete: () => list.setFilters(Object.fromEntries(Object.entries(applied).filter(([k]) => k !== f.source)), undefined, false),
      };
    });
}

/**
 * CSV and XLSX export of the current filter and sort, downloaded with the bearer token. A large one
 * is produced on the server and mailed: the user is told where; too large or not mailable, why.
 */
export function ExportButtons({ path, filter, sort }: { path: string; filter: object; sort?: { field: string; order: string } }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(format);
    try {
      const result = await downloadExport(path, format, filter, sort);
      if (result.mailed) notify('exports.mailed', { type: 'info', messageArgs: { email: result.email } });
    } catch (error) {
      const [key, args] = exportFailure(error);
      notify(key, { type: 'error', messageArgs: args });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack direction="row" spacing={1}>
      {(['csv', 'xlsx'] as const).map((f) => (
        <Button key={f} variant="outlined" size="small" disabled={busy !== null} onClick={() => run(f)}>
          {busy === f ? translate('stock.exporting') : translate(`stock.export_${f}`)}
        </Button>
      ))}
    </Stack>
  );
}
