import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useNotify, useTranslate } from 'ra-core';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  Link,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
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
  CLAIM_KINDS,
  CLAIM_REASONS,
  claimableDelivery,
  claimLineProblems,
  type ClaimDeliveryCandidate,
  type ClaimLineDto,
} from '@portal/contracts';
import { ApiError } from '../core/api';
import { useErrorText } from '../i18n/useErrorText';
import { RowCards } from '../lists/RowCards';
import { claimsApi } from './claimsApi';
import { useClaimDate } from './ClaimStatusChip';
import { fitLabelSx } from '../lists/fitLabel';

interface Fields {
  customer_claim_number: string;
  kind: string;
  reason: string;
  comment: string;
  packings_concerned: string;
  non_ordered_products: string;
  final_customer: string;
}
const EMPTY: Fields = {
  customer_claim_number: '',
  kind: '',
  reason: '',
  comment: '',
  packings_concerned: '',
  non_ordered_products: '',
  final_customer: '',
};

/**
 * The creation flow (spec §2, §5): the delivery or order number looked up in the tracker (unknown,
 * several deliveries to choose from, already claimed by someone else with a link), lines pre-filled
 * from the products, then saved as a draft or sent. Also the edition of a draft (/claim/:uuid/edit).
 */
export default function ClaimForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const date = useClaimDate();
  const { uuid } = useParams();
  const [params] = useSearchParams();
  const [number, setNumber] = useState(params.get('number') ?? '');
  const [deliveries, setDeliveries] = useState<ClaimDeliveryCandidate[] | null>(null);
  const [orderId, setOrderId] = useState<number | null>(Number(params.get('order_id')) || null);
  const [lines, setLines] = useState<ClaimLineDto[]>([]);
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const lookup = async (value: string, chosen?: number | null) => {
    setErrors({});
    try {
      const found = await claimsApi.lookup(value.trim(), chosen ?? undefined);
      setDeliveries(found.deliveries);
      const only = chosen ?? (found.deliveries.length === 1 ? found.deliveries[0].id : null);
      setOrderId(only);
      setLines(found.lines ?? []);
    } catch (error) {
      setDeliveries(null);
      setLines([]);
      if (error instanceof ApiError) setErrors(error.fields);
      notify(errorText(error), { type: 'error' });
    }
  };

  useEffect(() => {
    if (uuid) {
      void claimsApi.get(uuid).then((c) => {
        setNumber(c.number);
        setOrderId(c.order_id);
        setLines(c.lines);
        setFields({
          customer_claim_number: c.customer_claim_number ?? '',
          kind: c.kind ?? '',
          reason: c.reason ?? '',
          comment: c.comment ?? '',
          packings_concerned: c.packings_concerned ?? '',
          non_ordered_products: c.non_ordered_products ?? '',
          final_customer: c.final_customer ?? '',
        });
      });
    } else if (params.get('number')) void lookup(params.get('number')!, Number(params.get('order_id')) || null);
  }, [uuid]);

  const choose = (id: number) => void lookup(number, id);
  const chosen = deliveries?.find((d) => d.id === orderId);
  const setLine = (i: number, patch: Partial<ClaimLineDto>) => setLines((ls) => ls.map((l, k) => (k === i ? { ...l, ...patch } : l)));
  const set = (name: keyof Fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));

  const save = async (send: boolean) => {
    setBusy(true);
    setErrors({});
    const body = { ...fields, number, order_id: orderId, lines, send };
    try {
      const saved = uuid ? await claimsApi.update(uuid, body) : await claimsApi.create(body);
      notify(send ? 'claims.msg.sent' : 'claims.msg.saved', { type: 'success', messageArgs: { reference: saved.reference } });
      navigate(`/claim/${saved.uuid}`);
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.fields);
        if (error.key === 'claimAlreadyCreated' && typeof error.params.uuid === 'string') void lookup(number, orderId);
      }
      notify(errorText(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void lookup(number);
  };
  // A delivery not shipped yet cannot be claimed: said at once, as the service would refuse it.
  const notShipped = !uuid && !!chosen && !claimableDelivery(chosen);
  const ready = Boolean(uuid || (chosen && !notShipped));
  // The rule the service applies, shown as the user types: a reason the quantities contradict.
  const lineProblems = claimLineProblems(lines);
  const lineError = (i: number) => {
    const key = lineProblems[`lines.${i}.reason`] ?? errors[`lines.${i}.reason`];
    return key ? translate(`fields.${key}`, { _: key }) : undefined;
  };
  const fieldError = (name: string) => (errors[name] ? translate(`fields.${errors[name]}`, { _: errors[name] }) : undefined);

  return (
    <Stack spacing={2} component="article" aria-labelledby="claim-form-title">
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id="claim-form-title" variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {translate(uuid ? 'claims.editTitle' : 'claims.newTitle')}
        </Typography>
        <Button component={RouterLink} to="/claim">
          {translate('claims.actions.back')}
        </Button>
      </Stack>
      {!uuid && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack
            component="form"
            direction="row"
            spacing={2}
            useFlexGap
            onSubmit={submit}
            sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}
          >
            <TextField
              label={translate('claims.f.number')}
              value={number}
              required
              onChange={(e) => setNumber(e.target.value)}
              error={Boolean(errors.number)}
              helperText={fieldError('number') ?? translate('claims.hints.number')}
              sx={{ minWidth: 300 }}
              slotProps={{ htmlInput: { maxLength: 64, 'data-claim-number': true } }}
            />
            <Button type="submit" variant="outlined" sx={{ mt: 1 }}>
              {translate('claims.actions.lookup')}
            </Button>
          </Stack>
          {deliveries && deliveries.length > 1 && (
            <Box sx={{ mt: 2 }}>
              <Typography variant="subtitle1" component="h2">
                {translate('claims.chooseDelivery', { smart_count: deliveries.length })}
              </Typography>
              <RadioGroup value={orderId ?? ''} onChange={(e) => choose(Number(e.target.value))}>
                {deliveries.map((d) => (
                  <FormControlLabel
                    key={d.id}
                    value={d.id}
                    control={<Radio />}
                    label={`${d.reference} – ${d.depositorCode} – ${d.recipient ?? ''} ${d.town ?? ''} – ${date(d.deliveredAt ?? d.shippedAt ?? d.createdAt)}`}
                    data-delivery={d.reference}
                  />
                ))}
              </RadioGroup>
            </Box>
          )}
          {chosen?.existingClaim && (
            <Alert severity="warning" sx={{ mt: 2 }} data-existing-claim>
              {translate('claims.alreadyClaimed', {
                reference: chosen.existingClaim.reference,
                creator: chosen.existingClaim.creator ?? '',
              })}{' '}
              <Link component={RouterLink} to={`/claim/${chosen.existingClaim.uuid}`}>
                {translate('claims.actions.open', { reference: chosen.existingClaim.reference })}
              </Link>
            </Alert>
          )}
          {notShipped && (
            <Alert severity="info" sx={{ mt: 2 }} data-not-shipped>
              {translate('errors.claimNotShipped', { reference: chosen.reference })}
            </Alert>
          )}
          {chosen && !notShipped && (
            <Typography sx={{ mt: 1 }} data-chosen-delivery={chosen.reference}>
              {translate('claims.deliveryChosen', { reference: chosen.reference, depositor: chosen.depositorCode })}
            </Typography>
          )}
        </Paper>
      )}
      {ready && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <TextField
                select
                label={translate('claims.f.kind')}
                value={fields.kind}
                onChange={set('kind')}
                sx={fitLabelSx(
                  translate('claims.f.kind'),
                  220,
                  CLAIM_KINDS.map((k) => translate(`claims.kind.${k}`)),
                )}
                error={Boolean(errors.kind)}
                helperText={fieldError('kind')}
                slotProps={{ htmlInput: { 'data-field': 'kind' } }}
              >
                {CLAIM_KINDS.map((k) => (
                  <MenuItem key={k} value={k}>
                    {translate(`claims.kind.${k}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label={translate('claims.f.reason')}
                value={fields.reason}
                onChange={set('reason')}
                sx={fitLabelSx(
                  translate('claims.f.reason'),
                  300,
                  CLAIM_REASONS.map((r) => translate(`claims.reason.${r}`)),
                )}
                error={Boolean(errors.reason)}
                helperText={fieldError('reason')}
                slotProps={{ htmlInput: { 'data-field': 'reason' } }}
              >
                {CLAIM_REASONS.map((r) => (
                  <MenuItem key={r} value={r}>
                    {translate(`claims.reason.${r}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label={translate('claims.f.customer_claim_number')}
                value={fields.customer_claim_number}
                onChange={set('customer_claim_number')}
                sx={fitLabelSx(translate('claims.f.customer_claim_number'), 220)}
                slotProps={{ htmlInput: { maxLength: 64 } }}
              />
              <TextField
                label={translate('claims.f.final_customer')}
                value={fields.final_customer}
                onChange={set('final_customer')}
                sx={fitLabelSx(translate('claims.f.final_customer'), 220)}
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
              <TextField
                label={translate('claims.f.packings_concerned')}
                value={fields.packings_concerned}
                onChange={set('packings_concerned')}
                sx={fitLabelSx(translate('claims.f.packings_concerned'), 220)}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
            </Stack>
            <TextField
              label={translate('claims.f.non_ordered_products')}
              value={fields.non_ordered_products}
              onChange={set('non_ordered_products')}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
            <TextField
              label={translate('claims.f.comment')}
              value={fields.comment}
              onChange={set('comment')}
              multiline
              minRows={3}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
            <Typography variant="h6" component="h2">
              {translate('claims.sections.lines')}
            </Typography>
            <ClaimLinesEditor
              lines={lines}
              cells={[
                { key: 'article', render: (l) => l.reference },
                { key: 'label', render: (l) => l.label },
                { key: 'lot', render: (l) => l.lot },
                { key: 'quantity_ordered', render: (l) => l.quantity_ordered, numeric: true },
                {
                  key: 'quantity_received',
                  render: (l, i) => (
                    <TextField
                      size="small"
                      type="number"
                      value={l.quantity_received ?? ''}
                      onChange={(e) => setLine(i, { quantity_received: e.target.value === '' ? null : Number(e.target.value) })}
                      slotProps={{
                        htmlInput: { min: 0, 'aria-label': translate('claims.f.quantity_received'), 'data-received': l.reference },
                      }}
                      sx={{ width: 100 }}
                    />
                  ),
                },
                {
                  key: 'line_reason',
                  render: (l, i) => (
                    <TextField
                      select
                      size="small"
                      value={l.reason ?? ''}
                      onChange={(e) => setLine(i, { reason: (e.target.value || null) as ClaimLineDto['reason'] })}
                      error={Boolean(lineError(i))}
                      helperText={lineError(i)}
                      sx={phone ? { width: '100%' } : { minWidth: 200 }}
                      slotProps={{ htmlInput: { 'aria-label': translate('claims.f.line_reason') } }}
                    >
                      <MenuItem value="">—</MenuItem>
                      {CLAIM_REASONS.map((r) => (
                        <MenuItem key={r} value={r}>
                          {translate(`claims.reason.${r}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  ),
                },
                {
                  key: 'line_comment',
                  render: (l, i) => (
                    <TextField
                      size="small"
                      value={l.comment ?? ''}
                      onChange={(e) => setLine(i, { comment: e.target.value || null })}
                      fullWidth={phone}
                      slotProps={{ htmlInput: { maxLength: 500, 'aria-label': translate('claims.f.line_comment') } }}
                    />
                  ),
                },
              ]}
            />
            <Stack direction="row" spacing={2} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
              <Button variant="outlined" disabled={busy || Object.keys(lineProblems).length > 0} onClick={() => void save(false)}>
                {translate('claims.actions.saveDraft')}
              </Button>
              <Button variant="contained" disabled={busy || Object.keys(lineProblems).length > 0} onClick={() => void save(true)}>
                {translate('claims.actions.send')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** A column of the claim's lines: its catalogue key (claims.f.<key>) and what a line shows in it. */
interface LineCell {
  key: string;
  render: (line: ClaimLineDto, index: number) => ReactNode;
  numeric?: boolean;
}

/**
 * The lines being claimed: a table at a desk, one card per line on a phone (the seven columns with
 * their fields are wider than its screen), the same fields in both.
 */
function ClaimLinesEditor({ lines, cells }: { lines: ClaimLineDto[]; cells: LineCell[] }) {
  const translate = useTranslate();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  if (phone)
    return lines.length ? (
      <RowCards<ClaimLineDto & { id: number }>
        rows={lines.map((l, i) => ({ ...l, id: i }))}
        label={translate('claims.sections.lines')}
        fields={cells.map((c) => ({ key: c.key, label: translate(`claims.f.${c.key}`), render: (row) => c.render(row, row.id) }))}
      />
    ) : (
      <Typography>{translate('claims.msg.noLines')}</Typography>
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('claims.sections.lines')}>
        <TableHead>
          <TableRow>
            {cells.map((c) => (
              <TableCell key={c.key}>{translate(`claims.f.${c.key}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((l, i) => (
            <TableRow key={`${l.reference}-${i}`} data-line={l.reference}>
              {cells.map((c) => (
                <TableCell key={c.key} align={c.numeric ? 'right' : undefined}>
                  {c.render(l, i)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {!lines.length && (
            <TableRow>
              <TableCell colSpan={cells.length}>{translate('claims.msg.noLines')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}
