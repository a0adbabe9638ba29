import { useEffect } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { LiveEventNames, type OrderSummaryDto } from '@portal/contracts';
import { usePreference } from '../preferences/usePreference';
import { ExportButtons } from '../stock/ui';
import { useOrderColumns } from '../tracking/columns';
import { OrdersTable } from '../tracking/OrdersTable';
import {
  CountryField,
  CriterionField,
  DepositorField,
  PeriodFields,
  SearchPanel,
  StatusField,
  useSearchHint,
  useTrackerChips,
} from '../tracking/SearchFields';
import { ADVANCED_KEYS, cleanFilter, countCriteria, refusedRange, sameFilter, type TrackerFilter } from '../tracking/searchFilter';
import { TooWideNotice } from '../tracking/TooWideNotice';
import { useCursorList } from '../tracking/useCursorList';
import { useLiveRefresh } from '../core/liveHooks';
import { refusedElsewhere, useTrackerDraft, useTrackerSearch } from '../tracking/useTrackerSearch';
import { ProfileBar } from './ProfileBar';
import { startingProfile } from './profiles';
import { useProfiles } from './useProfiles';

/**
 * Pack and Go Tracer search (spec §2 Tracker search): criteria, next-results list, shared search
 * profiles, CSV/XLSX exports; a too-wide date range offers the export instead (spec §5).
 */
export default function TrackerSearch() {
  const translate = useTranslate();
  const search = useTrackerSearch();
  const { filter, sort, apiFilter, dates, apply, searchKey } = search;
  const profiles = useProfiles();
  const [preference] = usePreference('selectedProfile');

  // Opened without criteria: start from the default profile, else the last selected one.
  const undecided = filter === null;
  useEffect(() => {
    if (!undecided || profiles.status === 'loading') return;
    apply(cleanFilter(startingProfile(profiles.items, preference)?.filter ?? {}), sort, true);
    // Only when the URL has no search and the profiles are known; later profile changes do not re-run it.
  }, [undecided, profiles.status]);

  const list = useCursorList<OrderSummaryDto>('orders', searchKey === null ? null : { filter: apiFilter, sort }, 'pgt');
  // An order's status changed elsewhere: the rows on screen are read again in place.
  useLiveRefresh([LiveEventNames.order], list.refresh);
  const refused = refusedRange(dates, list.status === 'error' ? list.error : null);
  const columns = useOrderColumns('/pgt');
  const shown = [
    columns.reference,
    columns.customerReference,
    columns.status,
    columns.carrier,
    columns.recipient,
    columns.createdAt,
    columns.shippedAt,
    columns.delivery,
  ];

  return (
    <Box component="section" aria-labelledby="pgt-title">
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography id="pgt-title" variant="h4" component="h1" gutterBottom>
          {translate('apps.pgt')}
        </Typography>
        <ProfileBar profiles={profiles} filter={filter ?? {}} onApply={(f) => apply(f)} />
      </Stack>
      <TrackerForm filter={filter ?? {}} onSearch={(f) => (sameFilter(f, filter) ? list.reload() : apply(f))} />
      {dates.kind === 'inverted' && (
        <Typography role="alert" color="error" sx={{ mb: 2 }}>
          {translate('errors.invalidDateRange')}
        </Typography>
      )}
      {refused ? (
        <TooWideNotice days={refused.days} exportable={refused.exportable} filter={apiFilter} sort={sort} />
      ) : (
        dates.kind === 'ok' && (
          <>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
              <Typography variant="h6" component="h2">
                {translate('pgt.results')}
              </Typography>
              <ExportButtons path="/orders/export" filter={apiFilter} sort={sort} />
            </Stack>
            <OrdersTable
              rowHref={(row) => `/pgt/${row.id}`}
              list={list}
              columns={shown}
              caption={translate('pgt.caption')}
              sort={sort}
              onSort={(next) => apply(filter ?? {}, next)}
              emptyText={translate('pgt.empty')}
              countText={(count) => translate('pgt.shown', { smart_count: count })}
            />
          </>
        )
      )}
    </Box>
  );
}

/** The criteria of spec §2, edited as a draft and applied on submit. */
const TEXT_FIELDS = ['q', 'zip', 'town', ...ADVANCED_KEYS] as const;
/** The criteria a refusal is shown on; any other is said under the form. */
const MARKED = [...TEXT_FIELDS, 'dateFrom', 'dateTo'];

function TrackerForm({ filter, onSearch }: { filter: TrackerFilter; onSearch: (filter: TrackerFilter) => void }) {
  const translate = useTranslate();
  const { draft, set, errors, errorText, apply, reset } = useTrackerDraft(filter, onSearch);
  const hint = useSearchHint();
  const active = useTrackerChips(filter, onSearch);
  const text = (name: (typeof TEXT_FIELDS)[number], width?: number) => (
    <CriterionField name={name} label={translate(`pgt.f.${name}`)} value={draft[name]} set={set} width={width} error={errorText(name)} />
  );
  return (
    <SearchPanel
      label={translate('pgt.criteria')}
      hint={hint}
      active={active}
      onSubmit={() => apply()}
      onReset={reset}
      refused={refusedElsewhere(errors, MARKED) ? translate('errors.validationFailed') : undefined}
      advancedRefused={ADVANCED_KEYS.some((k) => errors[k] !== undefined)}
      advancedCount={countCriteria(filter, ADVANCED_KEYS)}
      advanced={
        <>
          {text('slip', 190)}
          {text('serial', 190)}
          {text('lot', 160)}
          {text('customer', 160)}
          {text('article', 190)}
        </>
      }
    >
      {text('q', 290)}
      {text('zip', 120)}
      {text('town', 170)}
      <CountryField value={draft.country} set={set} />
      <DepositorField value={draft.depositor} set={set} />
      <StatusField value={draft.status} set={set} />
      <PeriodFields draft={draft} set={set} errorText={errorText} />
    </SearchPanel>
  );
}
