import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useListController, useTranslate } from 'ra-core';
import { Box, Button, Link, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import {
  CLAIM_KINDS,
  CLAIM_REASONS,
  CLAIM_TAB_NAMES,
  CLAIMS_LIST,
  hasAnyRole,
  Role,
  type ClaimDto,
  type ClaimTab,
} from '@portal/contracts';
import { ExportButtons, FilterBar, ListTable, type Column } from '../stock/ui';
import { useUser } from '../user/useUser';
import { ClaimStatusChip, useClaimDate } from './ClaimStatusChip';

/** Claims lists (spec §2): Current (sent or processed), Closed, Draft; the tab is in the address (?tab=), Current by default. */
export default function ClaimList() {
  const translate = useTranslate();
  const date = useClaimDate();
  const roles = useUser()?.roles ?? [];
  const [params, setParams] = useSearchParams();
  const tab: ClaimTab = (CLAIM_TAB_NAMES as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as ClaimTab)
    : 'current';
  const list = useListController<ClaimDto>({
    resource: 'claims',
    storeKey: 'claims.list',
    filter: { tab },
    sort: { field: 'createdAt', order: 'DESC' },
    perPage: 25,
  });
  const choose = (next: ClaimTab) => {
    setParams({ tab: next }, { replace: true });
    list.setPage(1);
  };
  const columns: Column<ClaimDto>[] = [
    {
      source: 'reference',
      label: translate('claims.f.reference'),
      render: (r) => (
        <Link component={RouterLink} to={`/claim/${r.uuid}`}>
          {r.reference}
        </Link>
      ),
    },
    { source: 'status', label: translate('claims.f.status'), sortable: false, render: (r) => <ClaimStatusChip status={r.status} /> },
    { source: 'delivery_reference', label: translate('claims.f.delivery'), sortable: false },
    { source: 'customer_claim_number', label: translate('claims.f.customer_claim_number'), sortable: false },
    { source: 'depositor_code', label: translate('claims.f.depositor'), sortable: false },
    {
      source: 'kind',
      label: translate('claims.f.kind'),
      sortable: false,
      render: (r) => (r.kind ? translate(`claims.kind.${r.kind}`) : ''),
    },
    {
      source: 'reason',
      label: translate('claims.f.reason'),
      sortable: false,
      wrapAt: 240,
      render: (r) => (r.reason ? translate(`claims.reason.${r.reason}`) : ''),
    },
    { source: 'creator', label: translate('claims.f.creator'), sortable: false },
    { source: 'createdAt', label: translate('claims.f.created_at'), render: (r) => date(r.created_at) },
    { source: 'updatedAt', label: translate('claims.f.updated_at'), render: (r) => date(r.updated_at) },
  ];
  const options = (values: readonly string[], prefix: string) => values.map((v) => ({ value: v, label: translate(`${prefix}.${v}`) }));
  return (
    <Box aria-labelledby="claims-title" component="div">
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id="claims-title" variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {translate('claims.title')}
        </Typography>
        {hasAnyRole(roles, [Role.USER_CLAIM_CREATE]) && (
          <Button variant="contained" component={RouterLink} to="/claim/new">
            {translate('claims.actions.new')}
          </Button>
        )}
        <ExportButtons path="/claims/export" filter={list.filterValues} sort={list.sort} />
      </Stack>
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_, value: ClaimTab) => choose(value)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={translate('claims.title')}
        >
          {CLAIM_TAB_NAMES.map((name) => (
            <Tab key={name} value={name} label={translate(`claims.tabs.${name}`)} data-claim-tab={name} />
          ))}
        </Tabs>
      </Paper>
      <FilterBar
        list={list}
        declaration={CLAIMS_LIST}
        defaults={{ tab }}
        fields={[
          { source: 'q', label: translate('claims.f.q'), width: 300 },
          { source: 'kind', label: translate('claims.f.kind'), type: 'select', options: options(CLAIM_KINDS, 'claims.kind') },
          {
            source: 'reason',
            label: translate('claims.f.reason'),
            type: 'select',
            options: options(CLAIM_REASONS, 'claims.reason'),
            width: 260,
          },
          { source: 'createdFrom', label: translate('claims.f.created_from'), type: 'date' },
          { source: 'createdTo', label: translate('claims.f.created_to'), type: 'date' },
        ]}
      />
      <ListTable list={list} columns={columns} caption={translate(`claims.tabs.${tab}`)} emptyText={translate('claims.msg.empty')} />
    </Box>
  );
}
