import { useState } from 'react';
import { Alert, AlertTitle, Button, List, ListItem, Paper, Stack, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { useNotify, useTranslate } from 'ra-core';
import { MANUAL_DELIVERY_MIN_AGE_MINUTES, type OrderSummaryDto, toLocalInput, zonedInstant } from '@portal/contracts';
import { errorKeyOf } from '../core/api';
import { DateTimeInput } from '../dates/DateInput';
import { useTimeZone } from '../stock/ui';
import { ActionDialog, useSubmit } from '../tracking/ActionDialog';
import { deliveredAtProblem, downloadPods, markDelivered, withoutBlanks, type MarkDeliveredResult } from './tracerApi';

/**
 * Bulk proof-of-delivery actions (spec §2, §6 USER_BULK_POD) on the selected deliveries: their
 * PODs as one zip archive, or all of them marked delivered at one date.
 */
export function BulkActions({
  selected,
  rows,
  onClear,
  onMarked,
}: {
  selected: number[];
  rows: OrderSummaryDto[];
  onClear: () => void;
  onMarked: (updated: number[]) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [zipping, setZipping] = useState(false);
  const [marking, setMarking] = useState(false);
  const none = selected.length === 0;
  const zip = async () => {
    setZipping(true);
    try {
      const name = await downloadPods(selected);
      notify('tracer.bulk.zipDone', { type: 'success', messageArgs: { name } });
    } catch (error) {
      const key = errorKeyOf(error);
      notify(key === 'documentNotFound' ? 'tracer.bulk.noPods' : `errors.${key}`, {
        type: key === 'documentNotFound' ? 'warning' : 'error',
      });
    } finally {
      setZipping(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1, mb: 1 }} role="region" aria-label={translate('tracer.bulk.title')}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" role="status" data-testid="selection-count" sx={{ minWidth: 180 }}>
          {none ? translate('tracer.bulk.noneSelected') : translate('tracer.bulk.selected', { smart_count: selected.length })}
        </Typography>
        <Button size="small" variant="outlined" startIcon={<DownloadIcon />} disabled={none || zipping} onClick={zip}>
          {zipping ? translate('tracer.bulk.zipping') : translate('tracer.bulk.podsZip')}
        </Button>
        <Button size="small" variant="outlined" startIcon={<TaskAltIcon />} disabled={none} onClick={() => setMarking(true)}>
          {translate('tracer.bulk.markDelivered')}
        </Button>
        {!none && (
          <Button size="small" onClick={onClear}>
            {translate('tracer.bulk.clear')}
          </Button>
        )}
      </Stack>
      {marking && <MarkDeliveredDialog ids={selected} rows={rows} onClose={() => setMarking(false)} onMarked={onMarked} />}
    </Paper>
  );
}

/** The delivery date of the marked deliveries: at least 10 minutes in the past, checked before sending. */
function MarkDeliveredDialog({
  ids,
  rows,
  onClose,
  onMarked,
}: {
  ids: number[];
  rows: OrderSummaryDto[];
  onClose: () => void;
  onMarked: (updated: number[]) => void;
}) {
  const translate = useTranslate();
  const timeZone = useTimeZone();
  const [at, setAt] = useState(() => toLocalInput(new Date(Date.now() - (MANUAL_DELIVERY_MIN_AGE_MINUTES + 5) * 60_000), timeZone));
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState(false);
  const [result, setResult] = useState<MarkDeliveredResult | null>(null);
  const { busy, error, run } = useSubmit();
  const problem = deliveredAtProblem(at, timeZone);
  const referenceOf = (id: number) => rows.find((r) => r.id === id)?.reference ?? `#${id}`;
  const problemText =
    problem === 'tooRecent'
      ? translate('tracer.bulk.tooRecent', { minutes: MANUAL_DELIVERY_MIN_AGE_MINUTES })
      : problem === 'required'
        ? translate('fields.required')
        : problem
          ? translate('errors.invalidDate')
          : undefined;
  const submit = () => {
    setTouched(true);
    if (result) return onClose();
    if (problem) return;
    return run(async () => {
      const answer = await markDelivered(withoutBlanks({ ids, at: zonedInstant(at, timeZone)!.toISOString(), comment: comment.trim() }));
      setResult(answer);
      if (answer.updated.length) onMarked(answer.updated);
    });
  };
  return (
    <ActionDialog
      id="tracer-delivered"
      title={translate('tracer.bulk.markTitle', { smart_count: ids.length })}
      submitLabel={result ? translate('common.close') : translate('tracer.bulk.markSubmit')}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      error={error}
      footer={result && <MarkResult result={result} referenceOf={referenceOf} />}
      done={result !== null}
    >
      <DateTimeInput
        id="tracer-delivered-at"
        required
        size="medium"
        label={translate('tracer.bulk.at')}
        value={at}
        onChange={(value) => {
          setAt(value);
          setTouched(true);
        }}
        disabled={result !== null}
        error={touched && problem !== null}
        helperText={
          (touched && problemText) || translate('tracer.bulk.atHelp', { minutes: MANUAL_DELIVERY_MIN_AGE_MINUTES, zone: timeZone })
        }
      />
      <TextField
        id="tracer-delivered-comment"
        label={translate('tracer.comment')}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        disabled={result !== null}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </ActionDialog>
  );
}

/** How many were marked, and why the others were not (their §8 keys, translated). */
function MarkResult({ result, referenceOf }: { result: MarkDeliveredResult; referenceOf: (id: number) => string }) {
  const translate = useTranslate();
  return (
    <Alert severity={result.failed.length ? 'warning' : 'success'} role="status" data-testid="delivered-result">
      <AlertTitle>{translate('tracer.bulk.markedCount', { smart_count: result.updated.length })}</AlertTitle>
      {result.failed.length > 0 && (
        <>
          <Typography variant="body2">{translate('tracer.bulk.failedTitle', { smart_count: result.failed.length })}</Typography>
          <List dense disablePadding>
            {result.failed.map((f) => (
              <ListItem key={f.id} disableGutters sx={{ py: 0 }}>
                {translate('tracer.bulk.failedLine', { reference: referenceOf(f.id), reason: translate(`errors.${f.key}`) })}
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Alert>
  );
}
