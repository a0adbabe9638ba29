import { useEffect, useState } from 'react';
import type { TracerStatusCountsDto } from '@portal/contracts';
import { Box, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SyncIcon from '@mui/icons-material/Sync';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import EventNoteIcon from '@mui/icons-material/EventNote';
import { useNotify, useTranslate } from 'ra-core';
import {
  hasAnyRole,
  LiveEventNames,
  Role,
  TRACER_ROUTE_STATUSES,
  type OrderSummaryDto,
  type TracerRouteStatusCode,
} from '@portal/contracts';
import { useUser } from '../user/useUser';
import { useOrderColumns } from '../tracking/columns';
import { OrdersTable, type OrderColumn } from '../tracking/OrdersTable';
import { CriterionField, DepositorField, PeriodFields, SearchPanel, useSearchHint, useTrackerChips } from '../tracking/SearchFields';
import { refusedRange, sameFilter, type TrackerFilter } from '../tracking/searchFilter';
import { useTracerStatusLabel } from '../tracking/StatusChip';
import { TooWideNotice } from '../tracking/TooWideNotice';
import { fetchOrderSummary } from '../tracking/trackingApi';
import { useCursorList } from '../tracking/useCursorList';
import { useLiveRefresh } from '../core/liveHooks';
import { refusedElsewhere, useTrackerDraft, useTrackerSearch } from '../tracking/useTrackerSearch';
import { BulkActions } from './BulkActions';
import { fetchTracerCounts, staysInTab } from './tracerApi';
import { CarrierDialog, EventDialog, StatusDialog, type RowDialogProps } from './RowDialogs';

type RowAction = 'status' | 'carrier' | 'event';
const DIALOGS: Record<RowAction, (props: RowDialogProps) => React.ReactNode> = {
  status: StatusDialog,
  carrier: CarrierDialog,
  event: EventDialog,
};
const ALL = 'ALL';

/**
 * Tracer Route (spec §2, §4): deliveries by Tracer Route status (LATE computed by the server),
 * manual status change, carrier information, events, and the bulk POD actions of USER_BULK_POD.
 */
export default function TracerRouteList() {
  const translate = useTranslate();
  const notify = useNotify();
  const user = useUser();
  const statusLabel = useTracerStatusLabel();
  const { filter, sort, apiFilter, dates, apply, searchKey } = useTrackerSearch();
  // Opened without criteria: every delivery, newest first (a URL of its own, so "back" returns to it).
  const undecided = filter === null;
  useEffect(() => {
    if (undecided) apply({}, sort, true);
  }, [undecided, apply, sort]);

  const list = useCursorList<OrderSummaryDto>('tracerroute', searchKey === null ? null : { filter: apiFilter, sort }, 'tracerroute');
  const canBulk = hasAnyRole(user?.roles ?? [], [Role.USER_BULK_POD]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => setSelected(new Set()), [searchKey]);
  const [action, setAction] = useState<{ kind: RowAction; row: OrderSummaryDto } | null>(null);

  // The tabs share one count: the tab's own status is not part of it.
  const { tracerStatus: _tab, ...countFilter } = apiFilter;
  const counts = useTracerCounts(searchKey === null ? null : countFilter);
  // An order's status changed elsewhere: the rows on screen and the tab counts are read again in place.
  useLiveRefresh([LiveEventNames.order], () => {
    list.refresh();
    counts.reload();
  });
  // A changed row leaves a tab it no longer belongs to at once; the counts follow.
  const refreshRow = async (id: number) => {
    try {
      const row = await fetchOrderSummary(id);
      if (staysInTab(filter?.tracerStatus, row.tracerStatus)) list.replaceRow(row);
      else list.removeRow(id);
    } catch {
      list.reload();
    }
    counts.reload();
  };
  const columns = useOrderColumns('/tracerroute');
  const actionsColumn: OrderColumn = {
    key: 'actions',
    label: translate('tracer.actions.label'),
    hideLabel: true,
    render: (row) => <RowActions row={row} onPick={(kind) => setAction({ kind, row })} />,
  };
  const shown = [
    columns.reference,
    columns.tracerStatus,
    columns.carrier,
    columns.recipient,
    columns.createdAt,
    columns.shippedAt,
    columns.delivery,
    actionsColumn,
  ];
  const current = filter?.tracerStatus ?? ALL;
  const refused = refusedRange(dates, list.status === 'error' ? list.error : null);
  const Dialog = action ? DIALOGS[action.kind] : null;

  return (
    <Box component="section" aria-labelledby="tracer-title">
      <Typography id="tracer-title" variant="h4" component="h1" gutterBottom>
        {translate('apps.tracerroute')}
      </Typography>
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs
          value={current}
          onChange={(_, value: string) =>
            apply({ ...(filter ?? {}), tracerStatus: value === ALL ? undefined : (value as TracerRouteStatusCode) })
          }
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={translate('tracer.tabs')}
          sx={{ '& .MuiTab-root': { textTransform: 'none', whiteSpace: 'nowrap', minHeight: 44, maxWidth: 'none' } }}
        >
          <Tab value={ALL} label={<TabLabel text={translate('tracer.all')} count={counts.value?.total} />} data-tracer-tab={ALL} />
          {TRACER_ROUTE_STATUSES.map((s) => (
            <Tab key={s} value={s} label={<TabLabel text={statusLabel(s)} count={counts.value?.counts[s]} />} data-tracer-tab={s} />
          ))}
        </Tabs>
      </Paper>
      <TracerForm
        filter={filter ?? {}}
        onSearch={(f) => {
          // The tab keeps its status; the same search submitted again is read afresh.
          const next = { ...f, tracerStatus: filter?.tracerStatus };
          if (sameFilter(next, filter)) list.reload();
          else apply(next);
        }}
      />
      {dates.kind === 'inverted' && (
        <Typography role="alert" color="error" sx={{ mb: 2 }}>
          {translate('errors.invalidDateRange')}
        </Typography>
      )}
      {refused && <TooWideNotice days={refused.days} exportable={refused.exportable} filter={apiFilter} sort={sort} />}
      {!refused && dates.kind === 'ok' && (
        <>
          {canBulk && (
            <BulkActions
              selected={[...selected]}
              rows={list.rows}
              onClear={() => setSelected(new Set())}
              onMarked={(updated) => {
                setSelected((s) => new Set([...s].filter((id) => !updated.includes(id))));
                list.reload();
                counts.reload();
              }}
            />
          )}
          <OrdersTable
            rowHref={(row) => `/tracerroute/${row.id}`}
            list={list}
            columns={shown}
            caption={
              current === ALL
                ? translate('tracer.caption')
                : translate('tracer.captionStatus', { status: statusLabel(current as TracerRouteStatusCode) })
            }
            sort={sort}
            onSort={(next) => apply(filter ?? {}, next)}
            emptyText={
              current === ALL
                ? translate('tracer.empty')
                : translate('tracer.emptyStatus', { status: statusLabel(current as TracerRouteStatusCode) })
            }
            countText={(count) => translate('tracer.shown', { smart_count: count })}
            selection={
              canBulk
                ? {
                    selected,
                    toggle: (id) =>
                      setSelected((s) => {
                        const next = new Set(s);
                        if (!next.delete(id)) next.add(id);
                        return next;
                      }),
                    setMany: (ids, on) =>
                      setSelected((s) => {
                        const next = new Set(s);
                        for (const id of ids)
                          if (on) next.add(id);
                          else next.delete(id);
                        return next;
                      }),
                    labelOf: (row) => translate('tracer.bulk.selectRow', { reference: row.reference }),
                    allLabel: translate('tracer.bulk.selectAll'),
                  }
                : undefined
            }
          />
        </>
      )}
      {action && Dialog && (
        <Dialog
          row={action.row}
          onClose={() => setAction(null)}
          onDone={(message) => {
            setAction(null);
            notify(message, { type: 'success', messageArgs: { reference: action.row.reference } });
            void refreshRow(action.row.id);
          }}
        />
      )}
    </Box>
  );
}

/** A tab's name and, once the server counted it, how many deliveries it holds. */
function TabLabel({ text, count }: { text: string; count: number | undefined }) {
  return (
    <span>
      {text}
      {count !== undefined && (
        <Box component="span" data-count={count} sx={{ ml: 0.75, px: 0.75, borderRadius: 1, bgcolor: 'action.selected', fontSize: 12 }}>
          {count.toLocaleString()}
        </Box>
      )}
    </span>
  );
}

/** The tab counts of the search, read again after a change (null: no search to count). */
function useTracerCounts(filter: object | null) {
  const [value, setValue] = useState<TracerStatusCountsDto | null>(null);
  const [round, setRound] = useState(0);
  const key = filter === null ? null : JSON.stringify(filter);
  useEffect(() => {
    if (key === null) return setValue(null);
    const controller = new AbortController();
    fetchTracerCounts(JSON.parse(key) as object, controller.signal).then(
      (next) => setValue(next),
      () => !controller.signal.aborted && setValue(null),
    );
    return () => controller.abort();
  }, [key, round]);
  return { value, reload: () => setRound((r) => r + 1) };
}

function RowActions({ row, onPick }: { row: OrderSummaryDto; onPick: (kind: RowAction) => void }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = `tracer-actions-${row.id}`;
  const items: { kind: RowAction; icon: React.ReactNode }[] = [
    { kind: 'status', icon: <SyncIcon fontSize="small" /> },
    { kind: 'carrier', icon: <LocalShippingIcon fontSize="small" /> },
    { kind: 'event', icon: <EventNoteIcon fontSize="small" /> },
  ];
  return (
    <>
      <IconButton
        size="small"
        aria-label={translate('tracer.actions.menu', { reference: row.reference })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {items.map(({ kind, icon }) => (
          <MenuItem
            key={kind}
            onClick={() => {
              setAnchor(null);
              onPick(kind);
            }}
          >
            <ListItemIcon>{icon}</ListItemIcon>
            <ListItemText>{translate(`tracer.actions.${kind}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** Reference, depositor and period (the Tracer Route status is chosen with the tabs). */
const MARKED = ['q', 'zip', 'town', 'dateFrom', 'dateTo'];

function TracerForm({ filter, onSearch }: { filter: TrackerFilter; onSearch: (filter: TrackerFilter) => void }) {
  const translate = useTranslate();
  const { draft, set, errors, errorText, apply, reset } = useTrackerDraft(filter, onSearch);
  const hint = useSearchHint();
  const active = useTrackerChips(filter, onSearch);
  const text = (name: 'q' | 'zip' | 'town', width: number) => (
    <CriterionField name={name} label={translate(`pgt.f.${name}`)} value={draft[name]} set={set} width={width} error={errorText(name)} />
  );
  return (
    <SearchPanel
      label={translate('pgt.criteria')}
      hint={hint}
      active={active}
      onSubmit={() => apply()}
      onReset={reset}
      refused={refusedElsewhere(errors, MARKED) ? translate('errors.validationFailed') : undefined}
    >
      {text('q', 290)}
      {text('zip', 120)}
      {text('town', 170)}
      <DepositorField value={draft.depositor} set={set} />
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <PeriodFields draft={draft} set={set} errorText={errorText} />
      </Stack>
    </SearchPanel>
  );
}
