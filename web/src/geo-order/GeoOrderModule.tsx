import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { useNotify, useTranslate } from 'ra-core';
import {
  Alert,
  Box,
  Button,
  Chip,
  Grid,
  InputAdornment,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { hasAnyRole, Role, type GeoAddressDto } from '@portal/contracts';
import { errorKeyOf } from '../core/api';
import { useUser } from '../user/useUser';
import { GeoMap } from './GeoMap';
import { geoOrderApi } from './geoOrderApi';

/** The side list shows this many recipients; the map shows them all. */
const LISTED = 150;

const nameOf = (a: GeoAddressDto) => a.company_name ?? a.contact_name ?? a.code ?? '';

/**
 * Geo-order (/geo-order, spec §2): the depositor's platforms and recipients on a map that needs no
 * network, a search, and an order created from a chosen platform and recipient in the Huby form.
 */
export default function GeoOrderModule() {
  return (
    <Routes>
      <Route index element={<GeoOrderPage />} />
      <Route path="*" element={<Navigate to="/geo-order" replace />} />
    </Routes>
  );
}

function GeoOrderPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const me = useUser();
  const canCreate = hasAnyRole(me?.roles ?? [], [Role.USER_CREATE_HUBY_ORDER]) && hasAnyRole(me?.roles ?? [], [Role.DASHTOWER_USER]);
  const [platforms, setPlatforms] = useState<GeoAddressDto[]>([]);
  const [recipients, setRecipients] = useState<GeoAddressDto[] | null>(null);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  /** The search the recipients shown answer (the map frames them when there is one). */
  const [answered, setAnswered] = useState('');
  const [platform, setPlatform] = useState<GeoAddressDto | null>(null);
  const [recipient, setRecipient] = useState<GeoAddressDto | null>(null);

  useEffect(() => {
    geoOrderApi
      .platforms()
      .then(setPlatforms)
      .catch((error: unknown) => notify(`errors.${errorKeyOf(error)}`, { type: 'error' }));
  }, [notify]);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);
  useEffect(() => {
    let live = true;
    geoOrderApi
      .recipients(query, platform?.uuid)
      .then((list) => {
        if (!live) return;
        setRecipients(list);
        setAnswered(query);
        setRecipient((r) => (r && platform && r.depositor_id !== platform.depositor_id ? null : r));
      })
      .catch((error: unknown) => live && notify(`errors.${errorKeyOf(error)}`, { type: 'error' }));
    return () => {
      live = false;
    };
  }, [query, platform, notify]);

  const pick = useCallback((a: GeoAddressDto) => (a.book === 'shipper' ? setPlatform(a) : setRecipient(a)), []);
  const clusterTitle = useCallback((count: number) => translate('geoOrder.cluster', { smart_count: count }), [translate]);
  const offMap = useMemo(() => (recipients ?? []).filter((a) => a.lat === null), [recipients]);
  const create = () =>
    navigate(`/dashtower/new?${new URLSearchParams({ shipper: platform!.uuid, recipient: recipient!.uuid })}`, {
      state: { from: 'geo-order' },
    });

  return (
    <Box aria-labelledby="geo-order-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Typography id="geo-order-title" variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {translate('geoOrder.title')}
        </Typography>
        <Button component={RouterLink} to="/dashtower">
          {translate('geoOrder.toDashtower')}
        </Button>
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4, lg: 3 }}>
          <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
            <Typography variant="subtitle2" component="h2" gutterBottom>
              {translate('geoOrder.chosen')}
            </Typography>
            <Typography variant="body2" data-testid="geo-chosen-platform">
              {translate('geoOrder.platformIs', { name: platform ? `${nameOf(platform)} (${platform.town})` : '–' })}
            </Typography>
            <Typography variant="body2" data-testid="geo-chosen-recipient" sx={{ mb: 1.5 }}>
              {translate('geoOrder.recipientIs', { name: recipient ? `${nameOf(recipient)} (${recipient.zip} ${recipient.town})` : '–' })}
            </Typography>
            <Button variant="contained" fullWidth disabled={!platform || !recipient || !canCreate} onClick={create}>
              {translate('geoOrder.create')}
            </Button>
            {!canCreate && (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
                {translate('geoOrder.noCreateRight')}
              </Typography>
            )}
          </Paper>
          <TextField
            id="geo-search"
            fullWidth
            size="small"
            label={translate('geoOrder.search')}
            helperText={translate('geoOrder.searchHint')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ mb: 1 }}
          />
          <Paper variant="outlined" sx={{ maxHeight: { md: 'calc(100vh - 460px)' }, minHeight: 200, overflow: 'auto' }}>
            <List dense disablePadding aria-label={translate('geoOrder.platforms')}>
              <ListSubheader>{translate('geoOrder.platforms')}</ListSubheader>
              {platforms.map((p) => (
                <ListItem key={p.uuid} disablePadding>
                  <ListItemButton
                    selected={p.uuid === platform?.uuid}
                    onClick={() => setPlatform(p)}
                    data-testid={`geo-platform-${p.code}`}
                  >
                    <ListItemText primary={`${nameOf(p)}`} secondary={`${p.zip} ${p.town} · ${p.depositor_code}`} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
            <List dense disablePadding aria-label={translate('geoOrder.recipients')}>
              <ListSubheader>{translate('geoOrder.recipientsCount', { smart_count: recipients?.length ?? 0 })}</ListSubheader>
              {recipients?.length === 0 && (
                <ListItem>
                  <Typography variant="body2" color="text.secondary">
                    {translate('geoOrder.none')}
                  </Typography>
                </ListItem>
              )}
              {(recipients ?? []).slice(0, LISTED).map((a) => (
                <ListItem key={a.uuid} disablePadding>
                  <ListItemButton
                    selected={a.uuid === recipient?.uuid}
                    onClick={() => setRecipient(a)}
                    data-testid={`geo-recipient-${a.code}`}
                  >
                    <ListItemText primary={nameOf(a)} secondary={`${a.zip} ${a.town} (${a.country}) · ${a.depositor_code}`} />
                    {a.lat === null && <Chip size="small" variant="outlined" label={translate('geoOrder.offMap')} />}
                  </ListItemButton>
                </ListItem>
              ))}
              {(recipients?.length ?? 0) > LISTED && (
                <ListItem>
                  <Typography variant="caption" color="text.secondary">
                    {translate('geoOrder.more', { smart_count: recipients!.length - LISTED })}
                  </Typography>
                </ListItem>
              )}
            </List>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 8, lg: 9 }}>
          {offMap.length > 0 && (
            <Alert severity="info" sx={{ mb: 1 }} data-testid="geo-off-map">
              {translate('geoOrder.offMapNote', { smart_count: offMap.length })}
            </Alert>
          )}
          <GeoMap
            platforms={platforms}
            recipients={recipients ?? []}
            platform={platform?.uuid ?? null}
            recipient={recipient?.uuid ?? null}
            onPick={pick}
            label={translate('geoOrder.map')}
            clusterTitle={clusterTitle}
            fitToRecipients={answered !== ''}
          />
        </Grid>
      </Grid>
    </Box>
  );
}
