import { useState, type ReactNode } from 'react';
import { useGetOne, useTranslate } from 'ra-core';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Box, Button, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { hasAnyRole, ITEM_VARIANT_KINDS, ITEM_VARIANT_LABELS, Role, type ItemDto, type ItemVariantKind } from '@portal/contracts';
import { errorKeyOf } from '../core/api';
import { Loading } from '../layout/Loading';
import { useUser } from '../user/useUser';
import { useNumber, useShortLocale } from '../stock/ui';

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    // The labels' column takes at most about half the width and wraps beyond: on a phone the values keep the rest.
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'fit-content(45%) minmax(0, 1fr)', columnGap: 3, rowGap: 1, m: 0 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value === null || value === undefined || value === '' ? '—' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Item sheet: general data, hazardous goods, and the unit / box / carton / pallet packing levels. */
export default function ItemSheet() {
  const translate = useTranslate();
  const locale = useShortLocale();
  const n = useNumber();
  const user = useUser();
  const { id } = useParams();
  const [kind, setKind] = useState<ItemVariantKind>('unit');
  const { data: item, isPending, error } = useGetOne<ItemDto>('items', { id: Number(id) }, { retry: false });
  if (isPending) return <Loading />;
  if (error || !item)
    return (
      <Typography role="alert" color="error">
        {translate(`errors.${errorKeyOf(error)}`)}
      </Typography>
    );
  const yes = (v: boolean) => translate(v ? 'common.yes' : 'common.no');
  const variant = item.variants?.find((v) => v.kind === kind);
  const dims =
    variant && [variant.lengthCm, variant.widthCm, variant.heightCm].some((v) => v != null)
      ? [variant.lengthCm, variant.widthCm, variant.heightCm].map((v) => n(v)).join(' × ')
      : '';
  const stockLink = `/stock/stock?filter=${encodeURIComponent(JSON.stringify({ itemId: item.id }))}`;
  return (
    <Stack spacing={2} component="article" aria-labelledby="item-title">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id="item-title" variant="h4" component="h1">
          {item.reference} – {item.label}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Button component={RouterLink} to="/item">
          {translate('items.back')}
        </Button>
        {hasAnyRole(user?.roles ?? [], [Role.STOCK_USER]) && (
          <Button variant="contained" component={RouterLink} to={stockLink}>
            {translate('items.seeStock')}
          </Button>
        )}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Paper variant="outlined" sx={{ p: 2, flex: 1 }} component="section" aria-labelledby="item-general">
          <Typography id="item-general" variant="h6" component="h2" gutterBottom>
            {translate('items.general')}
          </Typography>
          <Facts
            rows={[
              [translate('stock.f.depositor'), item.depositorCode],
              [translate('stock.f.barcode'), item.barcode],
              [translate('items.family1'), item.family1],
              [translate('items.family2'), item.family2],
              [translate('items.newProduct'), yes(item.newProduct)],
              [translate('items.qualityLock'), yes(item.qualityLock)],
              [translate('items.lotRequiredOnEntry'), yes(item.lotRequiredOnEntry)],
              [translate('items.lotControlOnExit'), yes(item.lotControlOnExit)],
              [translate('items.bestBeforeRequired'), yes(item.bestBeforeRequired)],
              [translate('items.bestBeforeMonths'), n(item.bestBeforeMonths)],
              [translate('items.serialRequiredOnExit'), yes(item.serialRequiredOnExit)],
            ]}
          />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, flex: 1 }} component="section" aria-labelledby="item-hazard">
          <Typography id="item-hazard" variant="h6" component="h2" gutterBottom>
            {translate('items.hazardous')}
          </Typography>
          <Facts
            rows={[
              [translate('items.hazardous'), yes(item.hazardous)],
              [translate('items.unCode'), item.unCode],
              [translate('items.hazardousName'), item.hazardousName],
              [translate('items.hazardClass'), item.hazardClass],
              [translate('items.netMass'), n(item.netMassKg)],
            ]}
          />
        </Paper>
      </Stack>
      <Paper variant="outlined">
        <Tabs value={kind} onChange={(_e, v: ItemVariantKind) => setKind(v)} aria-label={translate('items.packing')} variant="scrollable">
          {ITEM_VARIANT_KINDS.map((k) => (
            <Tab key={k} value={k} id={`variant-tab-${k}`} aria-controls="variant-panel" label={ITEM_VARIANT_LABELS[k][locale]} />
          ))}
        </Tabs>
        <Box role="tabpanel" id="variant-panel" aria-labelledby={`variant-tab-${kind}`} sx={{ p: 2 }}>
          <Facts
            rows={[
              [translate('items.enabled'), yes(variant?.enabled ?? false)],
              [translate('stock.f.label'), variant?.label],
              [translate('stock.f.barcode'), variant?.barcode],
              [translate('stock.f.quantity'), n(variant?.quantity)],
              [translate('items.dimensions'), dims],
              [translate('items.weight'), n(variant?.weightKg)],
            ]}
          />
        </Box>
      </Paper>
    </Stack>
  );
}
