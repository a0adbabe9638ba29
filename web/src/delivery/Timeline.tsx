import { Alert, Box, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { TRACER_EVENT_TYPE_LABELS, TRACER_ROUTE_STATUS_LABELS, type OrderDetailDto, type TracerEventDto } from '@portal/contracts';
import { useShortLocale } from '../stock/ui';
import { deliveryProblems, mergeTimeline, type Problem, type TimelineEntry } from './model';
import { ProgressSummary } from './ProgressSummary';
import { useStatusLabel } from './Sections';
import { Section, useDateTime } from './ui';

/** What a Tracer Route event says: its type, else the carrier's status. */
function useEventLabel() {
  const translate = useTranslate();
  const locale = useShortLocale();
  return (e: TracerEventDto) =>
    e.type
      ? (TRACER_EVENT_TYPE_LABELS[e.type]?.[locale] ?? e.type)
      : e.carrierStatus
        ? translate(`delivery.carrierStatus.${e.carrierStatus}`, { _: e.carrierStatus })
        : translate('delivery.timeline.event');
}

function Details({ entry }: { entry: TimelineEntry }) {
  const translate = useTranslate();
  const dateTime = useDateTime();
  const parts: [string, string][] = [];
  if (entry.kind === 'status') {
    if (entry.comment) parts.push([translate('delivery.timeline.comment'), entry.comment]);
  } else {
    if (entry.type && entry.carrierStatus)
      parts.push([
        translate('delivery.timeline.carrierStatus'),
        translate(`delivery.carrierStatus.${entry.carrierStatus}`, { _: entry.carrierStatus }),
      ]);
    if (entry.carrierName) parts.push([translate('delivery.f.carrier'), entry.carrierName]);
    if (entry.appointmentAt) parts.push([translate('delivery.timeline.appointment'), dateTime(entry.appointmentAt)]);
    if (entry.publicNote) parts.push([translate('delivery.timeline.publicNote'), entry.publicNote]);
    if (entry.privateNote) parts.push([translate('delivery.timeline.privateNote'), entry.privateNote]);
  }
  if (parts.length === 0) return null;
  return (
    <Stack spacing={0.25}>
      {parts.map(([label, text]) => (
        <Typography key={label} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {translate('delivery.timeline.pair', { label, text })}
        </Typography>
      ))}
    </Stack>
  );
}

/** The progress summary, then status history and Tracer Route events merged, newest first, with source, comments and notes. */
export function TimelineSection({ order }: { order: OrderDetailDto }) {
  const translate = useTranslate();
  const dateTime = useDateTime();
  const statusLabel = useStatusLabel();
  const eventLabel = useEventLabel();
  const locale = useShortLocale();
  const entries = mergeTimeline(order.history, order.tracerEvents);
  return (
    <Section id="delivery-timeline" title={translate('delivery.sections.timeline')}>
      <ProgressSummary order={order} />
      {entries.length === 0 ? (
        <Typography color="text.secondary">{translate('delivery.timeline.none')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small">
            <caption className="visually-hidden">{translate('delivery.sections.timeline')}</caption>
            <TableHead>
              <TableRow>
                <TableCell>{translate('delivery.timeline.date')}</TableCell>
                <TableCell>{translate('delivery.timeline.what')}</TableCell>
                <TableCell>{translate('delivery.timeline.source')}</TableCell>
                <TableCell>{translate('delivery.timeline.details')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((entry, i) => (
                <TableRow key={i} data-kind={entry.kind} data-source={entry.source}>
                  <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{dateTime(entry.at)}</TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <Typography variant="body2" sx={{ fontWeight: entry.kind === 'status' ? 600 : undefined }}>
                      {entry.kind === 'event'
                        ? eventLabel(entry)
                        : entry.tracerStatus
                          ? TRACER_ROUTE_STATUS_LABELS[entry.tracerStatus][locale]
                          : statusLabel(entry.status)}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {translate(
                        entry.kind === 'event'
                          ? 'delivery.timeline.kindEvent'
                          : entry.tracerStatus
                            ? 'delivery.timeline.kindTracerStatus'
                            : 'delivery.timeline.kindStatus',
                      )}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <Chip size="small" variant="outlined" label={translate(`delivery.timeline.sources.${entry.source}`)} />
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <Details entry={entry} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}

function ProblemText({ problem }: { problem: Problem }) {
  const translate = useTranslate();
  const locale = useShortLocale();
  const dateTime = useDateTime();
  const statusLabel = useStatusLabel();
  const eventLabel = useEventLabel();
  switch (problem.kind) {
    case 'late':
      return <>{translate('delivery.alerts.late', { date: dateTime(problem.promisedAt) || '—' })}</>;
    case 'deliveredLate':
      return (
        <>{translate('delivery.alerts.deliveredLate', { date: dateTime(problem.promisedAt), delivered: dateTime(problem.deliveredAt) })}</>
      );
    case 'status':
      return <>{translate('delivery.alerts.status', { status: statusLabel(problem.status) })}</>;
    case 'tracerStatus':
      return <>{translate('delivery.alerts.tracerStatus', { status: TRACER_ROUTE_STATUS_LABELS[problem.tracerStatus][locale] })}</>;
    case 'carrierEvent':
      return (
        <>
          {translate('delivery.alerts.carrierEvent', { date: dateTime(problem.event.eventAt), event: eventLabel(problem.event) })}
          {problem.event.publicNote ? ` ${problem.event.publicNote}` : ''}
        </>
      );
    case 'customsWaiting':
      return <>{translate('delivery.alerts.customsWaiting')}</>;
    case 'shortfall':
      return <>{translate('delivery.alerts.shortfall', { smart_count: problem.lines })}</>;
  }
}

/** The alerts that concern this delivery, derived from its own data. */
export function AlertsSection({ order }: { order: OrderDetailDto }) {
  const translate = useTranslate();
  const problems = deliveryProblems(order);
  return (
    <Section id="delivery-alerts" title={translate('delivery.sections.alerts')}>
      {problems.length === 0 ? (
        <Typography color="text.secondary" data-testid="no-alerts">
          {translate('delivery.alerts.none')}
        </Typography>
      ) : (
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {problems.map((p, i) => (
            <Box component="li" key={i}>
              <Alert severity={p.severity} variant="outlined" data-problem={p.kind} sx={{ py: 0 }}>
                <ProblemText problem={p} />
              </Alert>
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  );
}
