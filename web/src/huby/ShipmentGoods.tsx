import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { useTranslate } from 'ra-core';
import { Alert, Button, Grid, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { dangerousGoodInput, formRules, HUBY_LIMITS, packingInput, type FieldRule, type PackagingTypeDto } from '@portal/contracts';
import { SchemaField, type useSchemaForm } from '../forms/kit';
import { fieldError } from '../settings/FieldError';
import {
  DG_CHOICES,
  DG_FIELDS,
  DG_WIDTH,
  emptyDg,
  emptyPacking,
  PACKING_FIELDS,
  PACKING_WIDTH,
  text,
  type DgForm,
  type Form,
  type PackingForm,
} from './shipmentModel';

const PACKING_RULES = formRules(packingInput);
const DG_RULES = formRules(dangerousGoodInput);
/** A choice among fixed values the schema reads as a number (the transport category): offered as a list. */
const DG_RULE = Object.fromEntries(
  DG_FIELDS.map((k) => [k, DG_CHOICES[k] ? { ...DG_RULES[k], kind: 'choice', choices: DG_CHOICES[k].map(String) } : DG_RULES[k]]),
) as Record<(typeof DG_FIELDS)[number], FieldRule>;

/**
 * What a shipment carries: its packing lines (the packaging types of the depositor fill the
 * dimensions), and for a user allowed dangerous goods its ADR lines and limited quantities. The
 * fields take their kind, bounds and whether they must be given from the schemas the service parses
 * the lines with.
 */
export function ShipmentGoods({
  form,
  setForm,
  kit,
  types,
  editable,
  canAdr,
  totals,
}: {
  form: Form;
  setForm: Dispatch<SetStateAction<Form>>;
  kit: ReturnType<typeof useSchemaForm>;
  types: { list: PackagingTypeDto[]; warning: boolean };
  /** A draft, not being saved. */
  editable: boolean;
  canAdr: boolean;
  /** The packages and weight in words. */
  totals: string;
}) {
  const translate = useTranslate();
  const { fields, err } = kit;
  const setPacking = (index: number, patch: Partial<PackingForm>) => {
    setForm((f) => ({ ...f, packings: f.packings.map((p, j) => (j === index ? { ...p, ...patch } : p)) }));
    for (const k of Object.keys(patch)) kit.clear(`packings.${index}.${k}`);
  };
  const setDg = (index: number, patch: Partial<DgForm>) => {
    setForm((f) => ({ ...f, dangerous_goods: f.dangerous_goods.map((d, j) => (j === index ? { ...d, ...patch } : d)) }));
    for (const k of Object.keys(patch)) kit.clear(`dangerous_goods.${index}.${k}`);
  };
  const packingType = (code: string) => types.list.find((t) => t.code === code);
  const adrEditable = editable && canAdr;
  // A wrong number among the LQ's several: said once for the list.
  const lqNumbersWrong = Object.keys(fields).some((k) => k.startsWith('limited_quantities.un_numbers'));
  return (
    <>
      <Section title={translate('huby.sections.packings')} aside={totals}>
        {types.warning && (
          <Grid size={12}>
            <Alert severity="warning">{translate('huby.msg.noPackagingType')}</Alert>
          </Grid>
        )}
        {fields.packings && (
          <Grid size={12}>
            <Typography color="error" role="alert">
              {fieldError(fields, 'packings', translate)}
            </Typography>
          </Grid>
        )}
        {form.packings.map((p, i) => (
          <Line key={i} label={`${translate('huby.sections.packings')} ${i + 1}`} last={i === form.packings.length - 1}>
            {PACKING_FIELDS.map((k) => (
              <Grid key={k} size={{ xs: 6, sm: 4, md: PACKING_WIDTH[k] }}>
                <SchemaField
                  id={`huby-packing-${i}-${k}`}
                  // The depositor's packaging types are the choices (their dimensions follow).
                  rule={
                    k === 'packaging_type'
                      ? { ...PACKING_RULES[k], kind: 'choice', choices: types.list.map((t) => t.code) }
                      : PACKING_RULES[k]
                  }
                  label={translate(`huby.f.${k}`)}
                  value={p[k]}
                  choiceLabel={k === 'packaging_type' ? (code) => packingType(code)?.label ?? code : undefined}
                  onChange={(value) => {
                    const t = k === 'packaging_type' ? packingType(String(value)) : undefined;
                    setPacking(
                      i,
                      t
                        ? { packaging_type: t.code, length_cm: text(t.length_cm), width_cm: text(t.width_cm), height_cm: text(t.height_cm) }
                        : { [k]: String(value) },
                    );
                  }}
                  disabled={!editable}
                  {...err(`packings.${i}.${k}`)}
                />
              </Grid>
            ))}
            {editable && form.packings.length > 1 && (
              <Grid size={{ xs: 12, md: 'auto' }}>
                <Tooltip title={translate('huby.actions.removePacking', { line: i + 1 })}>
                  <IconButton
                    aria-label={translate('huby.actions.removePacking', { line: i + 1 })}
                    onClick={() => setForm((f) => ({ ...f, packings: f.packings.filter((_, j) => j !== i) }))}
                  >
                    ×
                  </IconButton>
                </Tooltip>
              </Grid>
            )}
          </Line>
        ))}
        {editable && form.packings.length < HUBY_LIMITS.maxPackings && (
          <Grid size={12}>
            <Button onClick={() => setForm((f) => ({ ...f, packings: [...f.packings, emptyPacking()] }))}>
              {translate('huby.actions.addPacking')}
            </Button>
          </Grid>
        )}
      </Section>
      {(canAdr || form.dangerous_goods.length > 0 || form.lq_gross_weight_kg) && (
        <Section title={translate('huby.dg.title')}>
          {form.dangerous_goods.map((d, i) => (
            <Line key={i} label={`${translate('huby.dg.title')} ${i + 1}`}>
              {DG_FIELDS.map((k) => (
                <Grid key={k} size={{ xs: 6, sm: 4, md: DG_WIDTH[k] }}>
                  <SchemaField
                    id={`huby-dg-${i}-${k}`}
                    rule={DG_RULE[k]}
                    label={translate(`huby.dg.${k}`)}
                    value={d[k]}
                    onChange={(value) => setDg(i, { [k]: String(value) })}
                    disabled={!adrEditable}
                    {...err(`dangerous_goods.${i}.${k}`)}
                  />
                </Grid>
              ))}
              <Grid size={{ xs: 12, md: 'auto' }}>
                <SchemaField
                  id={`huby-dg-${i}-environment_danger`}
                  rule={DG_RULES.environment_danger}
                  label={translate('huby.dg.environment_danger')}
                  value={d.environment_danger}
                  onChange={(value) => setDg(i, { environment_danger: value === true })}
                  disabled={!adrEditable}
                />
                {adrEditable && (
                  <Button
                    color="error"
                    onClick={() => setForm((f) => ({ ...f, dangerous_goods: f.dangerous_goods.filter((_, j) => j !== i) }))}
                  >
                    {translate('huby.dg.remove', { line: i + 1 })}
                  </Button>
                )}
              </Grid>
            </Line>
          ))}
          {adrEditable && (
            <Grid size={12}>
              <Button onClick={() => setForm((f) => ({ ...f, dangerous_goods: [...f.dangerous_goods, emptyDg()] }))}>
                {translate('huby.dg.add')}
              </Button>
            </Grid>
          )}
          <Grid size={12}>
            <Typography variant="subtitle1" component="h3">
              {translate('huby.dg.lq')}
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <SchemaField
              id="huby-lq-gross"
              rule={{ kind: 'number', required: false }}
              label={translate('huby.dg.lq_gross_weight_kg')}
              value={form.lq_gross_weight_kg}
              onChange={(value) => {
                setForm((f) => ({ ...f, lq_gross_weight_kg: String(value) }));
                kit.clear('limited_quantities.gross_weight_kg');
              }}
              disabled={!adrEditable}
              {...err('limited_quantities.gross_weight_kg')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>
            <SchemaField
              id="huby-lq-un"
              rule={{ kind: 'text', required: false }}
              label={translate('huby.dg.lq_un_numbers')}
              value={form.lq_un_numbers}
              onChange={(value) => setForm((f) => ({ ...f, lq_un_numbers: String(value) }))}
              disabled={!adrEditable}
              error={lqNumbersWrong}
              helperText={lqNumbersWrong ? translate('fields.invalidFormat') : undefined}
            />
          </Grid>
        </Section>
      )}
    </>
  );
}

/** One line of packing or dangerous goods: its fields grouped and named for assistive technologies. */
function Line({ label, last = false, children }: { label: string; last?: boolean; children: ReactNode }) {
  return (
    <Grid
      size={12}
      container
      spacing={1}
      role="group"
      aria-label={label}
      sx={{ pb: 1, borderBottom: last ? 0 : 1, borderColor: 'divider' }}
    >
      {children}
    </Grid>
  );
}

/** A section of the shipment form: a titled fieldset, with a figure on its right. */
export function Section({ title, aside, children }: { title: string; aside?: string; children: ReactNode }) {
  return (
    // A fieldset is as wide as its widest field by default (min-width: min-content): minWidth 0 lets it fit a phone.
    <Paper variant="outlined" sx={{ p: 2, mb: 2, minWidth: 0 }} component="fieldset">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', mb: 1 }}>
        <Typography component="legend" variant="h6" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {aside && (
          <Typography variant="body2" color="text.secondary" role="status">
            {aside}
          </Typography>
        )}
      </Stack>
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Paper>
  );
}
