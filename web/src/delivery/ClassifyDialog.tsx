import { useState } from 'react';
import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import {
  CLASSIFICATIONS,
  MANUAL_DELIVERY_MIN_AGE_MINUTES,
  type Classification,
  type OrderDetailDto,
  zonedInstant,
} from '@portal/contracts';
import { api } from '../core/api';
import { DateTimeInput } from '../dates/DateInput';
import { ActionDialog, useSubmit } from '../tracking/ActionDialog';
import { useTimeZone } from '../stock/ui';
import { toUploadBody, uploadProblem } from './files';
import { FilePicker } from './FilePicker';
import { allowedClassifications, isOldEnough } from './model';

const COMMENT_MAX = 2000;

/**
 * Spec §4 manual classification (USER_MANUAL_DELIVERED_STATUS): delivered, anomaly or returned to
 * sender; the date at least 10 minutes in the past (§5) in the user's time zone; a comment kept
 * private or attached to the timeline; an optional POD (image or PDF).
 */
export function ClassifyDialog({ order, onClose, onDone }: { order: OrderDetailDto; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const timeZone = useTimeZone();
  const allowed = allowedClassifications(order.status);
  const podPresent = order.documents.some((d) => d.type === 'POD');
  const [as, setAs] = useState<Classification>(allowed[0] ?? 'delivered');
  const [at, setAt] = useState('');
  const [comment, setComment] = useState('');
  const [commentPrivate, setCommentPrivate] = useState(false);
  const [pod, setPod] = useState<File | null>(null);
  const [tried, setTried] = useState(false);
  const { busy, error, run } = useSubmit();

  const atDate = zonedInstant(at, timeZone);
  // An invalid or unfinished date is marked by the field itself.
  const atError = !atDate
    ? tried && at === ''
      ? translate('fields.required')
      : null
    : !isOldEnough(atDate)
      ? translate('errors.deliveryDateTooRecent', { minutes: MANUAL_DELIVERY_MIN_AGE_MINUTES })
      : null;

  const submit = () => {
    setTried(true);
    if (!atDate || !isOldEnough(atDate) || (pod && uploadProblem(pod))) return;
    void run(async () => {
      await api(`/orders/${order.id}/classify`, {
        method: 'POST',
        body: {
          as,
          at: atDate.toISOString(),
          ...(comment.trim() ? { comment: comment.trim(), commentPrivate } : {}),
          ...(pod ? { pod: await toUploadBody(pod) } : {}),
        },
      });
      onDone();
    });
  };

  return (
    <ActionDialog
      id="classify"
      title={translate('delivery.classify.title', { reference: order.reference })}
      submitLabel={busy ? translate('delivery.sending') : translate('delivery.classify.submit')}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      error={error}
      disabled={allowed.length === 0}
    >
      <FormControl>
        <FormLabel id="classify-as-label">{translate('delivery.classify.as')}</FormLabel>
        <RadioGroup row aria-labelledby="classify-as-label" value={as} onChange={(e) => setAs(e.target.value as Classification)}>
          {CLASSIFICATIONS.map((c) => (
            <FormControlLabel
              key={c}
              value={c}
              control={<Radio />}
              label={translate(`delivery.classify.${c}`)}
              disabled={!allowed.includes(c)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <DateTimeInput
        id="classify-at"
        size="medium"
        label={translate(as === 'delivered' ? 'delivery.classify.atDelivered' : 'delivery.classify.atEvent')}
        value={at}
        onChange={setAt}
        required
        error={!!atError}
        helperText={atError ?? translate('delivery.classify.atHelp', { minutes: MANUAL_DELIVERY_MIN_AGE_MINUTES, zone: timeZone })}
      />
      <TextField
        id="classify-comment"
        label={translate('delivery.classify.comment')}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: COMMENT_MAX } }}
        helperText={`${comment.length} / ${COMMENT_MAX}`}
      />
      <FormControl disabled={!comment.trim()}>
        <FormLabel id="classify-visibility-label">{translate('delivery.classify.visibility')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="classify-visibility-label"
          value={commentPrivate ? 'private' : 'attached'}
          onChange={(e) => setCommentPrivate(e.target.value === 'private')}
        >
          <FormControlLabel value="attached" control={<Radio />} label={translate('delivery.classify.attached')} />
          <FormControlLabel value="private" control={<Radio />} label={translate('delivery.classify.private')} />
        </RadioGroup>
      </FormControl>
      <FilePicker
        label={translate('delivery.classify.pod')}
        file={pod}
        onChange={setPod}
        disabled={podPresent}
        help={podPresent ? translate('errors.podAlreadyPresent') : undefined}
      />
    </ActionDialog>
  );
}
