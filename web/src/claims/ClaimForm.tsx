import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useNotify, useTranslate } from 'ra-core';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  Link,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  CLAIM_KINDS,
  CLAIM_REASONS,
  claimableDelivery,
  claimInput,
  claimLineInput,
  claimLineProblems,
  formRules,
  type ClaimDeliveryCandidate,
  type ClaimLineDto,
} from '@portal/contracts';
import { ApiError } from '../core/api';
import { SchemaField, useSchemaForm } from '../forms/kit';
import { useErrorText } from '../i18n/useErrorText';
import { RowCards } from '../lists/RowCards';
import { claimsApi } from './claimsApi';
import { useClaimDate } from './ClaimStatusChip';
import { fitLabelSx } from '../lists/fitLabel';

/** The claim's own fields, as the form holds them (its lines apart). */
const FIELDS = [
  'kind',
  'reason',
  'customer_claim_number',
  'final_customer',
  'packings_concerned',
  'non_ordered_products',
  'comment',
] as const;
type Fields = Record<(typeof FIELDS)[number], string>;
const EMPTY = Object.fromEntries(FIELDS.map((name) => [name, ''])) as Fields;
/** The fields on one row, each as wide as its label asks (at least `min` px); the long texts below them. */
const ROW: Partial<Record<keyof Fields, number>> = {
  kind: 220,
  reason: 300,
  customer_claim_number: 220,
  final_customer: 220,
  packings_concerned: 220,
};
const LINE_RULES = formRules(claimLineInput);

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
  const kit = useSchemaForm(claimInput);
  const errors = kit.fields;
  const [busy, setBusy] = useState(false);

  const lookup = async (value: string, chosen?: number | null) => {
    kit.setFields({});
    try {
      const found = await claimsApi.lookup(value.trim(), chosen ?? undefined);
      setDeliveries(found.deliveries);
      const only = chosen ?? (found.deliveries.length === 1 ? found.deliveries[0].id : null);
      setOrderId(only);
      setLines(found.lines ?? []);
    } catch (error) {
      setDeliveries(null);
      setLines([]);
      kit.refused(error);
      notify(errorText(error), { type: 'error' });
    }
  };

  useEffect(() => {
    if (uuid) {
      void claimsApi.get(uuid).then((c) => {
        setNumber(c.number);
        setOrderId(c.order_id);
        setLines(c.lines);
        setFields(Object.fromEntries(FIELDS.map((name) => [name, c[name] ?? ''])) as Fields);
      });
    } else if (params.get('number')) void lookup(params.get('number')!, Number(params.get('order_id')) || null);
  }, [uuid]);

  const choose = (id: number) => void lookup(number, id);
  const chosen = deliveries?.find((d) => d.id === orderId);
  const setLine = (i: number, patch: Partial<ClaimLineDto>) => {
    setLines((ls) => ls.map((l, k) => (k === i ? { ...l, ...patch } : l)));
    for (const name of Object.keys(patch)) kit.clear(`lines.${i}.${name}`);
  };
  const set = (name: keyof Fields) => (value: string | boolean) => {
    setFields((f) => ({ ...f, [name]: String(value) }));
    kit.clear(name);
  };

  const save = async (send: boolean) => {
    const body = { ...fields, number, order_id: orderId, lines, send };
    // Checked as the service will before anything is sent: a wrong field is said under it.
    if (!kit.check(body)) return;
    setBusy(true);
    try {
      const saved = uuid ? await claimsApi.update(uuid, body) : await claimsApi.create(body);
      notify(send ? 'claims.msg.sent' : 'claims.msg.saved', { type: 'success', messageArgs: { reference: saved.reference } });
      navigate(`/claim/${saved.uuid}`);
    } catch (error) {
      kit.refused(error);
      if (error instanceof ApiError && error.key === 'claimAlreadyCreated' && typeof error.params.uuid === 'string')
        void lookup(number, orderId);
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
  const lineError = (i: number, name: string) => {
    const key = (name === 'reason' ? lineProblems[`lines.${i}.reason`] : undefined) ?? errors[`lines.${i}.${name}`];
    return key ? { error: true, helperText: translate(`fields.${key}`, { _: key }) } : {};
  };
  const reasons = CLAIM_REASONS.map((r) => translate(`claims.reason.${r}`));
  const claimField = (name: keyof Fields) => (
    <SchemaField
      key={name}
      id={`claim-${name}`}
      rule={kit.rules[name]}
      label={translate(`claims.f.${name}`)}
      value={fields[name]}
      onChange={set(name)}
      {...kit.err(name)}
      choiceLabel={(c) => translate(`claims.${name}.${c}`)}
      fullWidth={name in ROW ? false : true}
      sx={
        ROW[name]
          ? fitLabelSx(
              translate(`claims.f.${name}`),
              ROW[name],
              name === 'kind' ? CLAIM_KINDS.map((k) => translate(`claims.kind.${k}`)) : name === 'reason' ? reasons : undefined,
            )
          : undefined
      }
      htmlInput={name === 'kind' || name === 'reason' ? { 'data-field': name } : undefined}
    />
  );

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
            <SchemaField
              id="claim-number"
              rule={kit.rules.number}
              label={translate('claims.f.number')}
              value={number}
              onChange={(value) => {
                setNumber(String(value));
                kit.clear('number');
              }}
              {...kit.err('number')}
              helperText={kit.err('number').helperText ?? translate('claims.hints.number')}
              fullWidth={false}
              sx={{ minWidth: 300 }}
              htmlInput={{ 'data-claim-number': true }}
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
              {FIELDS.filter((name) => name in ROW).map(claimField)}
            </Stack>
            {FIELDS.filter((name) => !(name in ROW)).map(claimField)}
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
                    <SchemaField
                      id={`claim-line-${i}-received`}
                      rule={LINE_RULES.quantity_received}
                      label=""
                      value={l.quantity_received === null ? '' : String(l.quantity_received)}
                      // What is not a whole number is kept as typed: the check says so under the field.
                      onChange={(v) =>
                        setLine(i, { quantity_received: (v === '' ? null : /^\d+$/.test(String(v)) ? Number(v) : v) as number | null })
                      }
                      {...lineError(i, 'quantity_received')}
                      fullWidth={false}
                      sx={{ width: 100 }}
                      htmlInput={{ 'aria-label': translate('claims.f.quantity_received'), 'data-received': l.reference }}
                    />
                  ),
                },
                {
                  key: 'line_reason',
                  render: (l, i) => (
                    <SchemaField
                      id={`claim-line-${i}-reason`}
                      rule={LINE_RULES.reason}
                      label=""
                      value={l.reason ?? ''}
                      onChange={(v) => setLine(i, { reason: (v || null) as ClaimLineDto['reason'] })}
                      {...lineError(i, 'reason')}
                      choiceLabel={(r) => translate(`claims.reason.${r}`)}
                      emptyChoice="—"
                      fullWidth={phone}
                      sx={phone ? undefined : { minWidth: 200 }}
                      htmlInput={{ 'aria-label': translate('claims.f.line_reason') }}
                    />
                  ),
                },
                {
                  key: 'line_comment',
                  render: (l, i) => (
                    <SchemaField
                      id={`claim-line-${i}-comment`}
                      rule={{ ...LINE_RULES.comment, kind: 'text' }}
                      label=""
                      value={l.comment ?? ''}
                      onChange={(v) => setLine(i, { comment: String(v) || null })}
                      {...lineError(i, 'comment')}
                      fullWidth={phone}
                      htmlInput={{ 'aria-label': translate('claims.f.line_comment') }}
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
