import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useNotify, useTranslate } from 'ra-core';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Link,
  List,
  ListItem,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  CLAIM_ATTACHMENT_MAX_BYTES,
  CLAIM_ATTACHMENT_TYPES,
  hasAnyRole,
  Role,
  TRACER_EVENT_TYPE_LABELS,
  type ClaimDto,
  type TracerEventType,
} from '@portal/contracts';
import { ApiError } from '../core/api';
import { ConfirmDialog, Facts } from '../delivery/ui';
import { downloadDocument, UPLOAD_ACCEPT } from '../delivery/files';
import { useErrorText } from '../i18n/useErrorText';
import { Loading } from '../layout/Loading';
import { useNumber, useShortLocale } from '../stock/ui';
import { useUser } from '../user/useUser';
import { RowCards } from '../lists/RowCards';
import { claimsApi } from './claimsApi';
import { ClaimStatusChip, useClaimDate } from './ClaimStatusChip';

/**
 * A claim (spec §2 view and processing view): what the customer said, the delivery's evidence
 * copied at creation (read-only), the attachments, who did what and when; the draft's actions for
 * the customer, the processing (answer, attributable, notifiable) and the closing, after a
 * confirmation, for the provider's claims desk.
 */
export default function ClaimView() {
  const { uuid = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const date = useClaimDate();
  const number = useNumber();
  const locale = useShortLocale();
  const roles = useUser()?.roles ?? [];
  const can = (role: string) => hasAnyRole(roles, [role]);
  const [claim, setClaim] = useState<ClaimDto | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const [closing, setClosing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [answer, setAnswer] = useState({ answer: '', attributable: false, notifiable: false });
  const [type, setType] = useState<string>('photo');
  const fileInput = useRef<HTMLInputElement>(null);

  const load = useCallback(() => {
    claimsApi.get(uuid).then(setClaim, setFailed);
  }, [uuid]);
  useEffect(load, [load]);

  const act = async (run: () => Promise<unknown>, success: string) => {
    try {
      await run();
      notify(success, { type: 'success', messageArgs: { reference: claim?.reference } });
      load();
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    }
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > CLAIM_ATTACHMENT_MAX_BYTES) {
      notify('errors.sizeLimitExceeded', { type: 'error', messageArgs: { limit: '4 MB' } });
      return;
    }
    await act(() => claimsApi.attach(uuid, type, file), 'claims.msg.attached');
    if (fileInput.current) fileInput.current.value = '';
  };

  if (failed)
    return (
      <Alert severity="error">
        {failed instanceof ApiError && failed.status === 404 ? translate('errors.objectNotFound') : errorText(failed)}
      </Alert>
    );
  if (!claim) return <Loading />;
  const evidence = claim.evidence;
  const open = claim.status !== 'closed';
  const steps: [string, string | null, string | null][] = [
    ['created', claim.created_at, claim.creator],
    ['updated', claim.updated_at, claim.updated_by],
    ['sent', claim.sent_at, claim.sent_by],
    ['processed', claim.processed_at, claim.processed_by],
    ['closed', claim.closed_at, claim.closed_by],
  ];
  const yesNo = (v: boolean | null) => (v === null ? '' : translate(v ? 'claims.yes' : 'claims.no'));

  return (
    <Stack spacing={2} component="article" aria-labelledby="claim-title" data-claim={claim.reference} data-status={claim.status}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/claim">
          {translate('claims.actions.back')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {claim.status === 'draft' && can(Role.USER_CLAIM_CREATE) && (
          <>
            <Button variant="outlined" component={RouterLink} to={`/claim/${claim.uuid}/edit`}>
              {translate('claims.actions.edit')}
            </Button>
            <Button variant="contained" onClick={() => void act(() => claimsApi.send(claim.uuid), 'claims.msg.sent')}>
              {translate('claims.actions.send')}
            </Button>
          </>
        )}
        {claim.status === 'draft' && can(Role.USER_CLAIM_DELETE) && (
          <Button variant="outlined" color="error" onClick={() => setDeleting(true)}>
            {translate('claims.actions.delete')}
          </Button>
        )}
        {claim.status === 'processed' && can(Role.USER_CLAIM_UPDATE) && (
          <Button variant="contained" color="warning" onClick={() => setClosing(true)}>
            {translate('claims.actions.close')}
          </Button>
        )}
      </Stack>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id="claim-title" variant="h4" component="h1">
          {translate('claims.viewTitle', { reference: claim.reference })}
        </Typography>
        <ClaimStatusChip status={claim.status} />
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Facts
          rows={[
            [translate('claims.f.delivery'), claim.delivery_reference],
            [translate('claims.f.order'), claim.order_reference],
            [translate('claims.f.number'), claim.number],
            [translate('claims.f.customer_claim_number'), claim.customer_claim_number],
            [translate('claims.f.depositor'), claim.depositor_code],
            [translate('claims.f.kind'), claim.kind ? translate(`claims.kind.${claim.kind}`) : null],
            [translate('claims.f.reason'), claim.reason ? translate(`claims.reason.${claim.reason}`) : null],
            [translate('claims.f.packings_concerned'), claim.packings_concerned],
            [translate('claims.f.non_ordered_products'), claim.non_ordered_products],
            [translate('claims.f.final_customer'), claim.final_customer],
            [translate('claims.f.comment'), claim.comment],
            [translate('claims.f.attributable'), yesNo(claim.attributable)],
            [translate('claims.f.notifiable'), yesNo(claim.notifiable)],
            [translate('claims.f.answer'), claim.answer],
            ...steps
              .filter(([, at]) => at)
              .map(([step, at, by]): [string, string] => [translate(`claims.steps.${step}`), `${date(at)}${by ? ` – ${by}` : ''}`]),
          ]}
        />
      </Paper>
      {claim.status === 'sent' && can(Role.USER_CLAIM_UPDATE) && (
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="claim-processing">
          <Typography id="claim-processing" variant="h6" component="h2" sx={{ mb: 1 }}>
            {translate('claims.sections.processing')}
          </Typography>
          <Stack spacing={1}>
            <TextField
              label={translate('claims.f.answer')}
              multiline
              minRows={3}
              value={answer.answer}
              onChange={(e) => setAnswer((a) => ({ ...a, answer: e.target.value }))}
              slotProps={{ htmlInput: { maxLength: 2000, 'data-field': 'answer' } }}
            />
            <Stack direction="row" spacing={2}>
              <FormControlLabel
                control={
                  <Checkbox checked={answer.attributable} onChange={(e) => setAnswer((a) => ({ ...a, attributable: e.target.checked }))} />
                }
                label={translate('claims.f.attributable')}
              />
              <FormControlLabel
                control={
                  <Checkbox checked={answer.notifiable} onChange={(e) => setAnswer((a) => ({ ...a, notifiable: e.target.checked }))} />
                }
                label={translate('claims.f.notifiable')}
              />
            </Stack>
            <Button
              variant="contained"
              sx={{ alignSelf: 'flex-start' }}
              onClick={() => void act(() => claimsApi.process(claim.uuid, answer), 'claims.msg.processed')}
            >
              {translate('claims.actions.process')}
            </Button>
          </Stack>
        </Paper>
      )}
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="claim-lines">
        <Typography id="claim-lines" variant="h6" component="h2">
          {translate('claims.sections.lines')}
        </Typography>
        <ClaimLines lines={claim.lines} />
      </Paper>
      {evidence && (
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="claim-evidence" data-evidence>
          <Typography id="claim-evidence" variant="h6" component="h2">
            {translate('claims.sections.evidence')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('claims.hints.evidence')}
          </Typography>
          <Facts
            rows={[
              [translate('claims.f.carrier'), evidence.order.carrierName],
              [translate('claims.f.tracking_numbers'), evidence.order.trackingNumbers.join(', ')],
              [translate('claims.f.weight'), evidence.order.weightKg === null ? null : `${number(evidence.order.weightKg)} kg`],
              [translate('claims.f.shipped_at'), date(evidence.order.shippedAt)],
              [translate('claims.f.delivered_at'), date(evidence.order.deliveredAt)],
              [translate('claims.f.recipient'), [evidence.order.recipient, evidence.order.town].filter(Boolean).join(', ')],
            ]}
          />
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
            {translate('claims.sections.products')}
          </Typography>
          <List dense>
            {evidence.lines.map((l, i) => (
              <ListItem key={i} data-evidence-line={l.reference}>
                {`${l.reference} – ${l.label ?? ''} – ${translate('claims.evidence.sent', { sent: l.quantitySent, ordered: l.quantityOrdered })}${l.lot ? ` – ${translate('claims.f.lot')} ${l.lot}` : ''}${l.serials.length ? ` – ${translate('claims.evidence.serials')} ${l.serials.join(', ')}` : ''}`}
              </ListItem>
            ))}
          </List>
          <Typography variant="subtitle1" component="h3">
            {translate('claims.sections.parcels')}
          </Typography>
          <List dense>
            {evidence.parcels.map((p) => (
              <ListItem key={p.number} data-evidence-parcel={p.number}>
                {`${translate('claims.evidence.parcel', { number: p.number })} – ${p.trackingNumber ?? ''} – ${p.weightKg === null ? '' : `${number(p.weightKg)} kg`} ${p.packaging ?? ''}`}
              </ListItem>
            ))}
          </List>
          <Typography variant="subtitle1" component="h3">
            {translate('claims.sections.events')}
          </Typography>
          <List dense>
            {evidence.events.map((e, i) => (
              <ListItem
                key={i}
              >{`${date(e.at)} – ${e.type ? (TRACER_EVENT_TYPE_LABELS[e.type as TracerEventType]?.[locale] ?? e.type) : e.carrierStatus ? translate(`delivery.carrierStatus.${e.carrierStatus}`, { _: e.carrierStatus }) : ''} – ${e.carrierName ?? ''} ${e.note ?? ''}`}</ListItem>
            ))}
            {!evidence.events.length && <ListItem>{translate('claims.msg.noEvents')}</ListItem>}
          </List>
        </Paper>
      )}
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="claim-attachments">
        <Typography id="claim-attachments" variant="h6" component="h2">
          {translate('claims.sections.attachments')}
        </Typography>
        <List dense>
          {(claim.attachments ?? []).map((a) => (
            <ListItem key={a.id} data-attachment={a.name}>
              <Link component="button" onClick={() => void downloadDocument(claimsApi.fileUrl(claim.uuid, a.id), a.name)}>
                {a.name}
              </Link>
              &nbsp;– {translate(`claims.attachmentType.${a.type}`)} – {date(a.created_at)}
              {!a.evidence && open && (
                <Button
                  size="small"
                  color="error"
                  onClick={() => void act(() => claimsApi.detach(claim.uuid, a.id), 'claims.msg.detached')}
                >
                  {translate('claims.actions.detach')}
                </Button>
              )}
            </ListItem>
          ))}
          {!claim.attachments?.length && <ListItem>{translate('claims.msg.noAttachments')}</ListItem>}
        </List>
        {open && (can(Role.USER_CLAIM_CREATE) || can(Role.USER_CLAIM_UPDATE)) && (
          <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <TextField
              select
              size="small"
              label={translate('claims.f.attachment_type')}
              value={type}
              onChange={(e) => setType(e.target.value)}
              sx={{ minWidth: 180 }}
            >
              {CLAIM_ATTACHMENT_TYPES.map((t) => (
                <MenuItem key={t} value={t}>
                  {translate(`claims.attachmentType.${t}`)}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="outlined" component="label">
              {translate('claims.actions.attach')}
              <input
                ref={fileInput}
                hidden
                type="file"
                accept={UPLOAD_ACCEPT}
                data-attachment-input
                onChange={(e) => void upload(e.target.files?.[0])}
              />
            </Button>
            <Typography variant="body2" color="text.secondary">
              {translate('claims.hints.attachment')}
            </Typography>
          </Stack>
        )}
      </Paper>
      <ConfirmDialog
        open={closing}
        title={translate('claims.closeConfirm.title', { reference: claim.reference })}
        text={translate('claims.closeConfirm.text')}
        confirmLabel={translate('claims.actions.close')}
        onConfirm={async () => {
          setClosing(false);
          await act(() => claimsApi.close(claim.uuid), 'claims.msg.closed');
        }}
        onClose={() => setClosing(false)}
      />
      <ConfirmDialog
        open={deleting}
        title={translate('claims.deleteConfirm', { reference: claim.reference })}
        text={translate('claims.deleteConfirmText')}
        confirmLabel={translate('claims.actions.delete')}
        onConfirm={async () => {
          setDeleting(false);
          try {
            await claimsApi.remove(claim.uuid);
            notify('claims.msg.deleted', { type: 'success', messageArgs: { reference: claim.reference } });
            navigate('/claim?tab=draft');
          } catch (error) {
            notify(errorText(error), { type: 'error' });
          }
        }}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}

/**
 * The claim's lines: a table at a desk, one card per line on a phone (the seven columns are wider
 * than its screen).
 */
function ClaimLines({ lines }: { lines: ClaimDto['lines'] }) {
  const translate = useTranslate();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  type Line = ClaimDto['lines'][number];
  const cells: { key: string; render: (l: Line) => ReactNode; numeric?: boolean }[] = [
    { key: 'article', render: (l) => l.reference },
    { key: 'label', render: (l) => l.label },
    { key: 'lot', render: (l) => l.lot },
    { key: 'quantity_ordered', render: (l) => l.quantity_ordered, numeric: true },
    { key: 'quantity_received', render: (l) => l.quantity_received, numeric: true },
    { key: 'line_reason', render: (l) => (l.reason ? translate(`claims.reason.${l.reason}`) : '') },
    { key: 'line_comment', render: (l) => l.comment },
  ];
  if (phone)
    return (
      <RowCards
        rows={lines.map((l, i) => ({ ...l, id: i }))}
        label={translate('claims.sections.lines')}
        fields={cells.map((c) => ({ key: c.key, label: translate(`claims.f.${c.key}`), render: c.render }))}
      />
    );
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {cells.map((c) => (
            <TableCell key={c.key}>{translate(`claims.f.${c.key}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((l, i) => (
          <TableRow key={i}>
            {cells.map((c) => (
              <TableCell key={c.key} align={c.numeric ? 'right' : undefined}>
                {c.render(l)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
