import { useState } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useListController, useNotify, useTranslate } from 'ra-core';
import { Box, Button, Checkbox, Chip, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { ADMIN_LOGS_LIST, LOG_SEVERITIES, type AdminLogDto, type LogSeverityName } from '@portal/contracts';
import { api } from '../../core/api';
import { useDateTime } from '../../delivery/ui';
import { useErrorText } from '../../i18n/useErrorText';
import { FilterBar, ListTable, type Column } from '../../stock/ui';
import { AreaTitle } from '../reference/kit';

const SEVERITY_COLOR: Record<LogSeverityName, 'default' | 'info' | 'warning' | 'error'> = {
  info: 'info',
  warning: 'warning',
  error: 'error',
  critical: 'error',
};

/** The back office's logs (ADMIN_LOGS): filters, and one or several acknowledged with a comment. */
export default function LogsArea() {
  return (
    <Routes>
      <Route index element={<LogList />} />
      <Route path="*" element={<Navigate to="/admin/logs" replace />} />
    </Routes>
  );
}

function LogList() {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const dateTime = useDateTime();
  const [selected, setSelected] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const list = useListController<AdminLogDto>({
    resource: ADMIN_LOGS_LIST.resource,
    storeKey: 'admin.logs',
    filterDefaultValues: { acknowledged: 'false' },
    sort: { field: 'lastAt', order: 'DESC' },
    perPage: 25,
  });
  const rows = list.data ?? [];
  const openRows = rows.filter((l) => !l.ackAt).map((l) => l.id);
  const toggle = (id: string) => setSelected((all) => (all.includes(id) ? all.filter((x) => x !== id) : [...all, id]));
  const f = (key: string) => translate(`adminRef.logs.f.${key}`);
  /** What happened in the reader's language (a row written before message keys: its text as it is). */
  const messageOf = (l: AdminLogDto) =>
    l.messageKey ? translate(`adminRef.logs.messages.${l.messageKey}`, { ...l.messageParams, _: l.message }) : l.message;
  const allSelected = openRows.length > 0 && openRows.every((id) => selected.includes(id));

  const acknowledge = async () => {
    setBusy(true);
    try {
      const { acknowledged } = await api<{ acknowledged: string[] }>('/admin/logs/acknowledge', {
        method: 'POST',
        body: { ids: selected, comment: comment.trim() || undefined },
      });
      notify('adminRef.logs.done', { type: 'success', messageArgs: { count: acknowledged.length, smart_count: acknowledged.length } });
      setSelected([]);
      setComment('');
      setOpen(false);
      list.refetch();
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const columns: Column<AdminLogDto>[] = [
    {
      source: 'select',
      label: translate('adminRef.logs.selectAll'),
      sortable: false,
      render: (l) =>
        l.ackAt ? null : (
          <Checkbox
            size="small"
            checked={selected.includes(l.id)}
            onChange={() => toggle(l.id)}
            slotProps={{ input: { 'aria-label': translate('adminRef.logs.select', { id: l.id }) } }}
            data-log={l.id}
          />
        ),
    },
    {
      source: 'severity',
      label: f('severity'),
      render: (l) => <Chip size="small" color={SEVERITY_COLOR[l.severity]} label={translate(`adminRef.logs.severity.${l.severity}`)} />,
    },
    { source: 'module', label: f('module'), render: (l) => translate(`adminRef.logs.modules.${l.module}`, { _: l.module }) },
    { source: 'message', label: f('message'), sortable: false, wrapAt: 360, render: messageOf },
    {
      source: 'object',
      label: f('object'),
      sortable: false,
      render: (l) =>
        [l.objectName && translate(`adminRef.logs.objects.${l.objectName}`, { _: l.objectName }), l.objectId].filter(Boolean).join(' '),
    },
    { source: 'firstAt', label: f('firstAt'), render: (l) => dateTime(l.firstAt) },
    { source: 'lastAt', label: f('lastAt'), render: (l) => dateTime(l.lastAt) },
    { source: 'counter', label: f('counter'), numeric: true },
    {
      source: 'ack',
      label: f('ack'),
      sortable: false,
      wrapAt: 260,
      render: (l) =>
        l.ackAt ? (
          <span data-acknowledged={l.id}>
            {translate('adminRef.logs.ackBy', { user: l.ackUser ?? '', at: dateTime(l.ackAt) })}
            {l.ackComment ? ` – ${l.ackComment}` : ''}
          </span>
        ) : null,
    },
  ];

  return (
    <Box component="section" aria-labelledby="logs-title">
      <AreaTitle id="logs-title" title={translate('adminRef.areas.logs.title')}>
        <Button onClick={() => setSelected(allSelected ? [] : openRows)} disabled={!openRows.length}>
          {translate('adminRef.logs.selectAll')}
        </Button>
        <Button variant="contained" disabled={!selected.length} onClick={() => setOpen(true)} data-testid="acknowledge">
          {translate('adminRef.logs.acknowledge', { count: selected.length })}
        </Button>
      </AreaTitle>
      <FilterBar
        list={list}
        declaration={ADMIN_LOGS_LIST}
        defaults={{ acknowledged: 'false' }}
        fields={[
          {
            source: 'acknowledged',
            label: f('acknowledged'),
            type: 'select',
            options: [
              { value: 'false', label: translate('adminRef.logs.state.open') },
              { value: 'true', label: translate('adminRef.logs.state.done') },
            ],
          },
          {
            source: 'severity',
            label: f('severity'),
            type: 'select',
            options: LOG_SEVERITIES.map((s) => ({ value: s, label: translate(`adminRef.logs.severity.${s}`) })),
          },
          { source: 'module', label: f('module'), width: 140 },
          { source: 'q', label: f('q'), width: 220 },
          { source: 'lastFrom', label: f('lastFrom'), type: 'date' },
          { source: 'lastTo', label: f('lastTo'), type: 'date' },
        ]}
      />
      <ListTable
        list={list}
        columns={columns}
        caption={translate('adminRef.areas.logs.title')}
        emptyText={translate('adminRef.common.empty')}
      />
      <Dialog open={open} onClose={busy ? undefined : () => setOpen(false)} aria-labelledby="ack-title" maxWidth="sm" fullWidth>
        <DialogTitle id="ack-title">{translate('adminRef.logs.dialogTitle', { count: selected.length })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {rows
              .filter((l) => selected.includes(l.id))
              .map(messageOf)
              .join(' · ')}
          </Typography>
          <TextField
            id="ack-comment"
            label={translate('adminRef.logs.comment')}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            multiline
            minRows={2}
            fullWidth
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            {translate('adminRef.common.cancel')}
          </Button>
          <Button variant="contained" onClick={() => void acknowledge()} disabled={busy} data-testid="acknowledge-confirm">
            {translate('adminRef.logs.acknowledge', { count: selected.length })}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
