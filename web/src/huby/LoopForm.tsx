import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useNotify, useTranslate } from 'ra-core';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  addressInput,
  formRules,
  LOOP_TAB_NAMES,
  loopOrderInput,
  loopQuantityProblem,
  type AddressDto,
  type LoopArticleDto,
  type LoopOrderDto,
  type LoopPlatformDto,
} from '@portal/contracts';
import { SchemaField } from '../forms/kit';
import { ApiError, errorKeyOf } from '../core/api';
import { CreatedLine } from '../core/Created';
import { useSearchOptions } from '../lists/useSearchOptions';
import { useErrorText } from '../i18n/useErrorText';
import { usePersistedTab } from '../preferences/usePreference';
import { Loading } from '../layout/Loading';
import { useDepositors, usePlatforms } from '../tracking/useReferenceData';
import { AddressPicker } from './AddressPicker';
import { DepositorSelect } from './DepositorSelect';
import { LoopStatusChip, useRejectReason } from './LoopList';
import { loopApi } from './loopApi';

interface Line {
  article: LoopArticleDto | null;
  quantity: string;
  /** What the stock service said when the line was entered. */
  available?: number;
  problem?: string | null;
}

const NEW_RECIPIENT_FIELDS = ['company_name', 'contact_name', 'address1', 'zip', 'town', 'country', 'phone', 'email'] as const;
type NewRecipient = Record<(typeof NEW_RECIPIENT_FIELDS)[number], string>;
const EMPTY_RECIPIENT: NewRecipient = {
  company_name: '',
  contact_name: '',
  address1: '',
  zip: '',
  town: '',
  country: 'FR',
  phone: '',
  email: '',
};
const QUANTITY_CHECK_MS = 300;

/** The order's and the new recipient's fields as the server reads them (the form kit). */
const ORDER_RULES = formRules(loopOrderInput);
const RECIPIENT_RULES = formRules(addressInput);
/** The field error the server gives a quantity, as the §8 key it stands for. */
const SERVER_QUANTITY_KEY: Record<string, string> = { min: 'loopInvalidQuantity', max: 'loopAvailableQuantityExceeded' };

/** The problem of a line as typed, before or after the stock service answered. */
const lineProblem = (line: Line): string | null => {
  if (!line.article || line.quantity.trim() === '') return null;
  return loopQuantityProblem(Number(line.quantity), line.available ?? line.article.available);
};

/** Picks an article of My Items by reference, label or barcode, with what the platform has available now. */
function ArticlePicker({
  id,
  depositor,
  platform,
  value,
  onChange,
  error,
}: {
  id: string;
  depositor: number;
  platform: number;
  value: LoopArticleDto | null;
  onChange: (a: LoopArticleDto | null) => void;
  error?: string;
}) {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const search = value && input === value.reference ? '' : input;
  const { options, loading } = useSearchOptions((q) => loopApi.articles(depositor, platform, q), search, `${depositor}:${platform}`);
  return (
    <Autocomplete
      id={id}
      sx={{ flex: '1 1 320px' }}
      options={value && !options.some((o) => o.reference === value.reference) ? [value, ...options] : options}
      value={value}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      getOptionLabel={(a) => a.reference}
      isOptionEqualToValue={(a, b) => a.reference === b.reference}
      filterOptions={(o) => o}
      loading={loading}
      noOptionsText={translate('loop.msg.noArticles')}
      renderOption={(props, a) => (
        <li {...props} key={a.reference} data-article={a.reference}>
          <Box sx={{ display: 'flex', width: '100%', gap: 2 }}>
            <Box sx={{ flexGrow: 1 }}>
              <strong>{a.reference}</strong> – {a.label}
            </Box>
            <Box sx={{ color: a.available ? 'text.secondary' : 'error.main', whiteSpace: 'nowrap' }}>
              {translate('loop.msg.available', { available: a.available })}
            </Box>
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={translate('loop.f.article')}
          placeholder={translate('loop.msg.searchArticle')}
          error={!!error}
          helperText={error ?? (value ? value.label : ' ')}
        />
      )}
    />
  );
}

/**
 * Loop order entry (spec §5, §8): a depositor and one of the provider's platforms; a recipient of the
 * address book or a new one saved into it; lines of articles of My Items whose quantity is checked
 * under the field against the quantity available at that moment. Saved as a draft, then submitted.
 */
export default function LoopForm() {
  const { uuid } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const reason = useRejectReason();
  const depositors = useDepositors();
  const platforms = usePlatforms();
  const [, showLoopTab] = usePersistedTab('loopTab', LOOP_TAB_NAMES, 'progress');
  const [order, setOrder] = useState<LoopOrderDto | null>(null);
  const [loading, setLoading] = useState(!!uuid);
  const [busy, setBusy] = useState(false);
  const [depositor, setDepositor] = useState<number | ''>('');
  const [platform, setPlatform] = useState<number | ''>('');
  const [customerReference, setCustomerReference] = useState('');
  const [comment, setComment] = useState('');
  const [mode, setMode] = useState<'book' | 'new'>('book');
  const [recipient, setRecipient] = useState<AddressDto | null>(null);
  const [newRecipient, setNewRecipient] = useState<NewRecipient>(EMPTY_RECIPIENT);
  const [lines, setLines] = useState<Line[]>([{ article: null, quantity: '' }]);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  // The platforms that can serve the chosen depositor (it has stock there): only they are offered.
  const [served, setServed] = useState<LoopPlatformDto[] | null>(null);

  useEffect(() => {
    if (!uuid) return;
    loopApi
      .get(uuid)
      .then((o) => {
        setOrder(o);
        setDepositor(o.depositor_id);
        setPlatform(o.platform_id);
        setCustomerReference(o.customer_reference ?? '');
        setComment(o.comment ?? '');
        if (o.recipient && o.recipient_uuid)
          setRecipient({
            ...o.recipient,
            uuid: o.recipient_uuid,
            id: o.recipient_uuid,
            depositor_id: o.depositor_id,
          } as unknown as AddressDto);
        setLines(
          o.lines.map((l) => ({
            article: { reference: l.reference, label: l.label, barcode: null, available: l.quantity },
            quantity: String(l.quantity),
          })),
        );
      })
      .catch((error: unknown) => setFailure(error))
      .finally(() => setLoading(false));
  }, [uuid]);
  useEffect(() => {
    if (!uuid && depositor === '' && depositors.length) setDepositor(depositors[0].id);
  }, [uuid, depositor, depositors]);

  useEffect(() => {
    if (depositor === '') return;
    let current = true;
    setServed(null);
    loopApi
      .platforms(depositor)
      .then((answer) => {
        if (!current) return;
        setServed(answer);
        // One platform only: chosen for the user; a platform that cannot serve the depositor is dropped.
        if (!uuid)
          setPlatform((now) => (answer.length === 1 ? answer[0].platform_id : answer.some((p) => p.platform_id === now) ? now : ''));
      })
      .catch(() => current && setServed(null));
    return () => {
      current = false;
    };
  }, [depositor, uuid]);

  // Each line's quantity is asked of the stock again once typed: the available quantity may have moved.
  const checks = lines.map((l) => `${l.article?.reference ?? ''}|${l.quantity}`).join(',');
  useEffect(() => {
    if (depositor === '' || platform === '' || (order && order.status !== 'draft')) return;
    const timer = setTimeout(() => {
      lines.forEach((line, i) => {
        if (!line.article || line.quantity.trim() === '') return;
        loopApi
          .checkLine(depositor, platform, line.article.reference, line.quantity)
          .then((answer) =>
            setLines((now) =>
              now.map((l, j) =>
                j === i && l.article?.reference === line.article?.reference && l.quantity === line.quantity
                  ? { ...l, available: answer.available, problem: answer.key }
                  : l,
              ),
            ),
          )
          .catch(() => undefined);
      });
    }, QUANTITY_CHECK_MS);
    return () => clearTimeout(timer);
    // `checks` stands for the lines' articles and quantities.
  }, [checks, depositor, platform, order?.status]);

  if (loading) return <Loading />;
  const editable = !order || order.status === 'draft';
  const ready = depositor !== '' && platform !== '';
  // Offered: the platforms that can serve the depositor (all of the user's until that is known), and
  // the order's own, whatever it is now.
  const offered = platforms.filter((p) => served === null || p.id === platform || served.some((s) => s.platform_id === p.id));
  const noPlatform = editable && served !== null && served.length === 0;
  const articlesOf = (id: number): string => {
    const one = served?.find((s) => s.platform_id === id);
    return one ? ` (${translate('loop.msg.platformArticles', { smart_count: one.available_articles })})` : '';
  };
  const setLine = (i: number, patch: Partial<Line>) => setLines((now) => now.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const problemOf = (line: Line, i: number): string | null =>
    line.problem ?? lineProblem(line) ?? SERVER_QUANTITY_KEY[fields[`lines.${i}.quantity`]] ?? null;
  const quantityText = (line: Line, i: number): string => {
    const available = line.available ?? line.article?.available ?? 0;
    const key = problemOf(line, i);
    if (key) return translate(`errors.${key}`, { reference: line.article?.reference ?? '', available });
    return line.article && line.available !== undefined ? translate('loop.msg.available', { available }) : ' ';
  };

  const body = () => ({
    depositor_id: depositor,
    platform_id: platform,
    customer_reference: customerReference,
    comment,
    ...(mode === 'new' ? { new_recipient: newRecipient } : { uuid_address_recipient: recipient?.uuid ?? null }),
    lines: lines.filter((l) => l.article).map((l) => ({ reference: l.article!.reference, quantity: l.quantity })),
  });
  const save = async (): Promise<LoopOrderDto | null> => {
    setFields({});
    try {
      const saved = order ? await loopApi.update(order.uuid, body()) : await loopApi.create(body());
      setOrder(saved);
      setMode('book');
      if (saved.recipient && saved.recipient_uuid)
        setRecipient({
          ...saved.recipient,
          uuid: saved.recipient_uuid,
          id: saved.recipient_uuid,
          depositor_id: saved.depositor_id,
        } as unknown as AddressDto);
      if (!order) navigate(`/dashtower/loop/${saved.uuid}`, { replace: true });
      return saved;
    } catch (error) {
      if (error instanceof ApiError) setFields(error.fields);
      notify(errorText(error), { type: 'error' });
      return null;
    }
  };
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  const saveDraft = () =>
    run(async () => {
      if (await save()) notify('loop.msg.saved', { type: 'success' });
    });
  const submit = () =>
    run(async () => {
      const saved = await save();
      if (!saved) return;
      try {
        await loopApi.submit(saved.uuid);
        notify('loop.msg.submitted', { type: 'success' });
        // The list opens on the tab where the order now is, not on the last one the user looked at.
        showLoopTab('progress');
        navigate('/dashtower/loop');
      } catch (error) {
        if (error instanceof ApiError) setFields(error.fields);
        notify(errorText(error), { type: 'error' });
      }
    });
  const remove = () =>
    run(async () => {
      if (!order || !window.confirm(translate('loop.actions.confirmDelete'))) return;
      try {
        await loopApi.remove(order.uuid);
        notify('loop.msg.deleted', { type: 'success' });
        navigate('/dashtower/loop');
      } catch (error) {
        notify(`errors.${errorKeyOf(error)}`, { type: 'error' });
      }
    });

  return (
    <Box component="form" aria-labelledby="loop-form-title" onSubmit={(e) => e.preventDefault()}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography id="loop-form-title" variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {order ? translate('loop.editTitle', { reference: order.reference }) : translate('loop.newTitle')}
        </Typography>
        {order && <LoopStatusChip status={order.status} />}
        <Button variant="outlined" component={RouterLink} to="/dashtower/loop">
          {translate('loop.actions.back')}
        </Button>
      </Stack>
      {order && <CreatedLine label={translate('loop.f.created_at')} at={order.created_at} by={order.created_by} />}
      {failure !== null && <Alert severity="error">{errorText(failure)}</Alert>}
      {order?.status === 'rejected' && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="loop-reject-reason">
          {translate('loop.msg.rejectedBecause', { reason: reason(order) })}
        </Alert>
      )}
      {order && !editable && order.status !== 'rejected' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate(`loop.state.${order.status}`)}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <DepositorSelect
            id="loop-depositor"
            depositors={depositors}
            value={depositor}
            onChange={(id) => {
              setDepositor(id);
              setRecipient(null);
              setLines([{ article: null, quantity: '' }]);
            }}
            disabled={!editable || !!order}
            required
          />
          <TextField
            select
            id="loop-platform"
            label={translate('loop.f.platform')}
            value={platform}
            onChange={(e) => {
              setPlatform(Number(e.target.value));
              setLines((now) => now.map((l) => ({ ...l, available: undefined, problem: undefined })));
            }}
            disabled={!editable || (served !== null && offered.length === 0)}
            required
            fullWidth
            size="small"
            // The platform with its articles available: on two lines when longer than the field, never cut.
            sx={{ '& .MuiSelect-select': { whiteSpace: 'normal' } }}
            error={!!fields.platform_id || noPlatform}
            helperText={
              fields.platform_id
                ? translate('errors.loopDepositorNotOnPlatform')
                : noPlatform
                  ? translate('loop.msg.noPlatform')
                  : editable && served
                    ? translate('loop.msg.platformsHelp')
                    : ' '
            }
          >
            {offered.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.code} – {p.label}
                {articlesOf(p.id)}
              </MenuItem>
            ))}
          </TextField>
          <SchemaField
            id="loop-customer-reference"
            rule={ORDER_RULES.customer_reference}
            label={translate('loop.f.customer_reference')}
            value={customerReference}
            onChange={(v) => setCustomerReference(String(v))}
            disabled={!editable}
          />
        </Stack>
      </Paper>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }} useFlexGap>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {translate('loop.f.recipient')}
          </Typography>
          {editable && (
            <ToggleButtonGroup size="small" exclusive value={mode} onChange={(_, next: 'book' | 'new' | null) => next && setMode(next)}>
              <ToggleButton value="book">{translate('loop.recipientMode.book')}</ToggleButton>
              <ToggleButton value="new">{translate('loop.recipientMode.new')}</ToggleButton>
            </ToggleButtonGroup>
          )}
        </Stack>
        {mode === 'book' ? (
          <AddressPicker
            id="loop-recipient"
            book="recipient"
            label={translate('loop.f.recipient')}
            value={recipient}
            onChange={setRecipient}
            depositor={depositor === '' ? undefined : depositor}
            disabled={!editable || depositor === ''}
            error={!!fields.uuid_address_recipient}
            helperText={fields.uuid_address_recipient ? translate(`fields.${fields.uuid_address_recipient}`) : undefined}
          />
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
            {NEW_RECIPIENT_FIELDS.map((k) => (
              <SchemaField
                key={k}
                id={`loop-new-${k}`}
                rule={RECIPIENT_RULES[k]}
                label={translate(`loop.r.${k}`)}
                value={newRecipient[k]}
                onChange={(v) => setNewRecipient((r) => ({ ...r, [k]: String(v) }))}
                error={!!fields[k]}
                helperText={fields[k] ? translate(`fields.${fields[k]}`, { n: RECIPIENT_RULES[k]?.max }) : ' '}
              />
            ))}
          </Box>
        )}
      </Paper>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {translate('loop.f.lines')}
        </Typography>
        {!ready && <Alert severity="info">{translate('loop.msg.pickPlatform')}</Alert>}
        {ready &&
          lines.map((line, i) => {
            const problem = problemOf(line, i);
            return (
              <Stack
                key={i}
                direction="row"
                spacing={2}
                useFlexGap
                sx={{ alignItems: 'flex-start', flexWrap: 'wrap', mb: 1 }}
                data-loop-line={i}
              >
                {editable ? (
                  <ArticlePicker
                    id={`loop-article-${i}`}
                    depositor={depositor}
                    platform={platform}
                    value={line.article}
                    onChange={(article) => setLine(i, { article, available: article?.available, problem: undefined })}
                    error={fields[`lines.${i}.reference`] ? translate(`fields.${fields[`lines.${i}.reference`]}`) : undefined}
                  />
                ) : (
                  <Typography sx={{ flex: '1 1 320px', pt: 1 }}>
                    <strong>{line.article?.reference}</strong> – {line.article?.label}
                  </Typography>
                )}
                <TextField
                  id={`loop-quantity-${i}`}
                  size="small"
                  label={translate('loop.f.quantity')}
                  value={line.quantity}
                  onChange={(e) => setLine(i, { quantity: e.target.value, problem: undefined })}
                  disabled={!editable || !line.article}
                  error={!!problem}
                  helperText={quantityText(line, i)}
                  sx={{ width: 260 }}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
                {editable && (
                  <IconButton
                    aria-label={translate('loop.actions.removeLine')}
                    onClick={() => setLines((now) => (now.length > 1 ? now.filter((_, j) => j !== i) : [{ article: null, quantity: '' }]))}
                  >
                    <DeleteIcon />
                  </IconButton>
                )}
              </Stack>
            );
          })}
        {ready && editable && (
          <Button onClick={() => setLines((now) => [...now, { article: null, quantity: '' }])}>{translate('loop.actions.addLine')}</Button>
        )}
        {fields.lines && <Alert severity="error">{translate('loop.msg.noLines')}</Alert>}
      </Paper>

      <Box sx={{ mb: 2 }}>
        <SchemaField
          id="loop-comment"
          rule={ORDER_RULES.comment}
          label={translate('loop.f.comment')}
          value={comment}
          onChange={(v) => setComment(String(v))}
          disabled={!editable}
        />
      </Box>
      {editable && (
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" disabled={busy || !ready} onClick={() => void saveDraft()}>
            {translate('loop.actions.save')}
          </Button>
          <Button variant="contained" disabled={busy || !ready} onClick={() => void submit()}>
            {translate('loop.actions.submit')}
          </Button>
          {order && (
            <Button color="error" disabled={busy} onClick={() => void remove()}>
              {translate('loop.actions.delete')}
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}
