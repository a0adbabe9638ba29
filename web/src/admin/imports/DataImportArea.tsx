import { Link as RouterLink, Navigate, Route, Routes, useParams } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { Tab, Tabs, Typography } from '@mui/material';
import { ADMIN_IMPORT_COLUMNS, type AdminImportKind } from '@portal/contracts';
import { ImportColumnsHelp } from '../../imports/ImportColumnsHelp';
import { ImportScreen } from '../../imports/ImportScreen';
import { useUser } from '../../user/useUser';
import { importKindsFor } from './kinds';
import { ADMIN_ROUTES } from '../../routes';

/**
 * Data import with simulation (/admin/imports/:kind, spec §2 admin pages): choose the kind (users,
 * depositors, addresses), download its sample file, upload, check the simulation line by line (the
 * same screen as the order import), then import.
 */
export default function DataImportArea() {
  const kinds = importKindsFor(useUser()?.roles ?? []);
  return (
    <Routes>
      <Route path={ADMIN_ROUTES.imports.kind} element={<KindImport kinds={kinds} />} />
      <Route path="*" element={<Navigate to={kinds[0] ?? '/admin'} replace />} />
    </Routes>
  );
}

function KindImport({ kinds }: { kinds: AdminImportKind[] }) {
  const translate = useTranslate();
  const kind = useParams().kind as AdminImportKind;
  if (!kinds.includes(kind)) return <Navigate to={kinds[0] ? `/admin/imports/${kinds[0]}` : '/admin'} replace />;
  return (
    <ImportScreen
      key={kind}
      base={`/admin/imports/${kind}`}
      title={translate('adminImport.title')}
      sampleName={`import-${kind}-sample`}
      simulatedSummaryKey="adminImport.simulatedSummary"
      help={
        <>
          <Tabs value={kind} aria-label={translate('adminImport.kind')} variant="scrollable" sx={{ mb: 1 }}>
            {kinds.map((k) => (
              <Tab key={k} value={k} label={translate(`adminImport.kinds.${k}.label`)} component={RouterLink} to={`/admin/imports/${k}`} />
            ))}
          </Tabs>
          <Typography variant="body2">{translate(`adminImport.kinds.${kind}.help`)}</Typography>
          <ImportColumnsHelp columns={ADMIN_IMPORT_COLUMNS[kind]} />
        </>
      }
    />
  );
}
