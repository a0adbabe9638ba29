import { useTranslate } from 'ra-core';
import { Autocomplete, Box, Chip, TextField } from '@mui/material';
import type { useShownProblems } from '../core/fieldChecks';
import { Section } from '../delivery/ui';
import { useDepositors } from '../tracking/useReferenceData';
import { CodesField } from './CodesField';
import { MatchCount } from './MatchCount';
import { criteriaOf, type AlertForm } from './model';
import { useCodeOptions, type CodeOption } from './useCodeOptions';

/** What every section of the alert form is given: the form, its setter and the problems to show. */
export interface SectionProps {
  form: AlertForm;
  set: (patch: Partial<AlertForm>) => void;
  checks: ReturnType<typeof useShownProblems<string>>;
}

/** The options of the chosen depositors (all of the user's while none is chosen). */
const ofDepositors = (options: CodeOption[], ids: number[]) =>
  ids.length ? options.filter((o) => o.depositorId === undefined || ids.includes(o.depositorId)) : options;

/**
 * Critères (spec §3): which orders the alert follows: depositors, activities, carriers and tours,
 * stores, customer codes (with *), article codes, the start of the delivery number; the live count of
 * the orders of the last 3 months that match.
 */
export function CriteriaSection({ form, set, checks }: SectionProps) {
  const translate = useTranslate();
  const depositors = useDepositors();
  const codes = useCodeOptions();
  const codesField = (
    name: 'activityCodes' | 'carrierCodes' | 'tourCodes' | 'storeCodes' | 'customerCodes' | 'articleCodes',
    options?: CodeOption[],
    hint?: string,
  ) => {
    const shown = checks.field(name, hint);
    return (
      <CodesField
        id={`alert-${name}`}
        label={translate(`alerts.f.${name}`)}
        value={form[name]}
        onChange={(next) => set({ [name]: next })}
        options={options && ofDepositors(options, form.depositorIds)}
        error={shown.error}
        helperText={shown.helperText}
        onBlur={shown.onBlur}
      />
    );
  };
  const depositorField = checks.field('depositorIds');
  return (
    <Section id="alert-section-criteria" title={translate('alerts.sections.criteria')}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}>
        <Autocomplete
          id="alert-depositorIds"
          multiple
          options={depositors.map((d) => d.id)}
          value={form.depositorIds}
          onChange={(_, ids) => set({ depositorIds: ids })}
          getOptionLabel={(id) => {
            const d = depositors.find((x) => x.id === id);
            return d ? `${d.code} – ${d.label}` : String(id);
          }}
          renderValue={(ids, getItemProps) =>
            ids.map((id, index) => {
              const { key, ...item } = getItemProps({ index });
              return <Chip key={key} size="small" label={depositors.find((d) => d.id === id)?.code ?? id} {...item} />;
            })
          }
          onBlur={depositorField.onBlur}
          sx={{ flex: '1 1 100%' }}
          renderInput={(params) => (
            <TextField
              {...params}
              size="small"
              required
              label={translate('alerts.f.depositorIds')}
              error={depositorField.error}
              helperText={depositorField.helperText ?? ' '}
            />
          )}
        />
        {codesField('activityCodes', codes.activities)}
        {codesField('storeCodes', codes.stores)}
        {codesField('carrierCodes', codes.carriers)}
        {codesField('tourCodes', codes.tours)}
        {codesField('customerCodes', undefined, translate('alerts.hints.customerCodes'))}
        {codesField('articleCodes')}
        <TextField
          id="alert-referencePrefix"
          size="small"
          label={translate('alerts.f.referencePrefix')}
          value={form.referencePrefix}
          onChange={(e) => set({ referencePrefix: e.target.value })}
          sx={{ flex: '1 1 300px' }}
          {...checks.field('referencePrefix', translate('alerts.hints.referencePrefix'))}
        />
      </Box>
      <MatchCount criteria={criteriaOf(form)} />
    </Section>
  );
}
