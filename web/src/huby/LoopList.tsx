import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useListController, useTranslate } from 'ra-core';
import { Box, Button, Link, Paper, Stack, Tab, Tabs, Typography, type ChipProps } from '@mui/material';
import { LOOP_ORDERS_LIST, LOOP_TAB_NAMES, type LoopOrderDto, type LoopStatusCode, type LoopTab } from '@portal/contracts';
import { StatusChip } from '../lists/StatusChip';
import { usePersistedTab } from '../preferences/usePreference';
import { CreatedCell } from '../core/Created';
import { FilterBar, ListTable, type Column } from '../stock/ui';
import { usePlatformLabel } from '../tracking/useReferenceData';

/** How often the "in progress" list asks again while the warehouse has not answered. */
const PROGRESS_REFRESH_MS = 3000;

const COLOR: Record<LoopStatusCode, ChipProps['color']> = { draft: 'default', submitted: 'info', integrated: 'success', rejected: 'error' };

export function LoopStatusChip({ status }: { status: LoopStatusCode }) {
  return <StatusChip status={status} colors={COLOR} i18nPrefix="loop.status" />;
}

function PlatformCell({ id }: { id: number }) {
  return <>{usePlatformLabel(id)}</>;
}

/** The reason the warehouse gave for a rejection, in the user's language. */
export function useRejectReason() {
  const translate = useTranslate();
  return (o: Pick<LoopOrderDto, 'reject_key' | 'reject_params'>) =>
    o.reject_key ? translate(`errors.${o.reject_key}`, { ...(o.reject_params ?? {}), _: o.reject_key }) : '';
}

/**
 * Loop lists (spec §2): drafts, in progress, integrated, rejected. The last tab is kept per user
 * (preference loopTab, default tab-progress); the in-progress list refreshes itself until the
 * warehouse has answered.
 */
export default function LoopList() {
  const translate = useTranslate();
  const reason = useRejectReason();
  const [tab, saveTab] = usePersistedTab('loopTab', LOOP_TAB_NAMES, 'progress');
  const list = useListController<LoopOrderDto>({
    resource: 'dashtower/loop-orders',
    storeKey: 'huby.loop',
    filter: { tab },
    sort: { field: 'createdAt', order: 'DESC' },
    perPage: 25,
  });
  const { refetch } = list;
  const waiting = tab === 'progress' && (list.data?.length ?? 0) > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void refetch(), PROGRESS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [waiting, refetch]);
  const choose = (next: LoopTab) => {
    saveTab(next);
    list.setPage(1);
  };
  const columns: Column<LoopOrderDto>[] = [
    {
      source: 'reference',
      label: translate('loop.f.reference'),
      render: (r) => (
        <Link component={RouterLink} to={`/dashtower/loop/${r.uuid}`}>
          {r.reference}
        </Link>
      ),
    },
    { source: 'status', label: translate('loop.f.status'), sortable: false, render: (r) => <LoopStatusChip status={r.status} /> },
    ...(tab === 'rejected'
      ? [
          {
            source: 'reject_key',
            label: translate('loop.f.reason'),
            sortable: false,
            wrapAt: 320,
            render: reason,
          } satisfies Column<LoopOrderDto>,
        ]
      : []),
    { source: 'customer_reference', label: translate('loop.f.customer_reference'), sortable: false },
    { source: 'depositor_code', label: translate('loop.f.depositor'), sortable: false },
    {
      source: 'platform_id',
      label: translate('loop.f.platform'),
      sortable: false,
      wrapAt: 220,
      render: (r) => <PlatformCell id={r.platform_id} />,
    },
    {
      source: 'recipient',
      label: translate('loop.f.recipient'),
      sortable: false,
      wrapAt: 260,
      render: (r) =>
        r.recipient ? `${r.recipient.company_name ?? r.recipient.contact_name ?? ''} – ${r.recipient.zip} ${r.recipient.town}` : '',
    },
    { source: 'line_count', label: translate('loop.f.line_count'), numeric: true, sortable: false },
    { source: 'total_quantity', label: translate('loop.f.total_quantity'), numeric: true, sortable: false },
    // Who made it (a user, or an API key) under the date, the name wrapping rather than widening the table.
    {
      source: 'createdAt',
      label: translate('loop.f.created_at'),
      wrapAt: 160,
      render: (r) => <CreatedCell at={r.created_at} by={r.created_by} />,
    },
  ];
  return (
    <Box aria-labelledby="loop-title" component="div">
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id="loop-title" variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {translate('loop.title')}
        </Typography>
        <Button variant="contained" component={RouterLink} to="/dashtower/loop/new">
          {translate('loop.actions.new')}
        </Button>
        <Button variant="outlined" component={RouterLink} to="/dashtower">
          {translate('loop.actions.dashtower')}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_, value: LoopTab) => choose(value)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={translate('loop.title')}
        >
          {LOOP_TAB_NAMES.map((name) => (
            <Tab key={name} value={name} label={translate(`loop.tabs.${name}`)} data-loop-tab={name} />
          ))}
        </Tabs>
      </Paper>
      <FilterBar list={list} declaration={LOOP_ORDERS_LIST} fields={[{ source: 'q', label: translate('loop.f.q'), width: 300 }]} />
      <ListTable list={list} columns={columns} caption={translate(`loop.tabs.${tab}`)} emptyText={translate('loop.msg.empty')} />
    </Box>
  );
}
