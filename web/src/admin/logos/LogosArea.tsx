import { useState } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useListController, useNotify, useTranslate } from 'ra-core';
import { Box, Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { ADMIN_DEPOSITORS_LIST, LOGO_SIZE, type AdminDepositorDto } from '@portal/contracts';
import { api } from '../../core/api';
import { useApiImage } from '../../core/useApiImage';
import { useErrorText } from '../../i18n/useErrorText';
import { FilterBar, Paginator } from '../../stock/ui';
import { AreaTitle } from '../reference/kit';
import { LogoUpload } from './LogoUpload';

/** Depositors' logos (ADMIN_DEPOSITOR, spec §5 300x150): each depositor with its logo, set or removed. */
export default function LogosArea() {
  return (
    <Routes>
      <Route index element={<LogoGrid />} />
      <Route path="*" element={<Navigate to="/admin/logos" replace />} />
    </Routes>
  );
}

function LogoGrid() {
  const translate = useTranslate();
  const list = useListController<AdminDepositorDto>({
    resource: ADMIN_DEPOSITORS_LIST.resource,
    storeKey: 'admin.logos',
    sort: { field: 'code', order: 'ASC' },
    perPage: 24,
  });
  return (
    <Box component="section" aria-labelledby="logos-title">
      <AreaTitle id="logos-title" title={translate('adminRef.areas.logos.title')} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('adminRef.logos.hint')}
      </Typography>
      <FilterBar
        list={list}
        declaration={ADMIN_DEPOSITORS_LIST}
        fields={[{ source: 'q', label: translate('adminRef.common.search'), width: 280 }]}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}>
        {(list.data ?? []).map((d) => (
          <LogoCard key={d.id} depositor={d} onChange={() => list.refetch()} />
        ))}
      </Box>
      <Paginator list={list} />
    </Box>
  );
}

function LogoCard({ depositor, onChange }: { depositor: AdminDepositorDto; onChange: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const [version, setVersion] = useState(0);
  const url = useApiImage(depositor.logoUpdatedAt ? `/depositors/${depositor.id}/logo` : null, `${depositor.logoUpdatedAt}-${version}`);
  const saved = () => {
    setVersion((v) => v + 1);
    onChange();
  };
  const remove = async () => {
    try {
      await api(`/admin/depositors/${depositor.id}/logo`, { method: 'DELETE' });
      notify('adminRef.logos.removed', { type: 'success', messageArgs: { code: depositor.code } });
      saved();
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    }
  };
  return (
    <Card variant="outlined" data-logo-card={depositor.code}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {depositor.code}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {depositor.label}
        </Typography>
        <Stack
          sx={{
            mt: 1,
            height: LOGO_SIZE.height,
            maxWidth: LOGO_SIZE.width,
            alignItems: 'center',
            justifyContent: 'center',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            // A light backdrop in both themes: logos are drawn for white paper.
            bgcolor: '#fff',
          }}
        >
          {url ? (
            <Box
              component="img"
              src={url}
              alt={translate('adminRef.logos.alt', { code: depositor.code })}
              sx={{ maxWidth: '100%', maxHeight: '100%' }}
            />
          ) : (
            <Typography variant="body2" sx={{ color: '#666' }}>
              {translate('adminRef.logos.none')}
            </Typography>
          )}
        </Stack>
      </CardContent>
      <CardActions>
        <LogoUpload path={`/admin/depositors/${depositor.id}/logo`} code={depositor.code} onSaved={saved} />
        {depositor.logoUpdatedAt && (
          <Button size="small" color="error" onClick={() => void remove()}>
            {translate('adminRef.logos.remove')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
