import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { Button, Typography } from '@mui/material';
import { IMPORT_ORDER_COLUMNS, IMPORT_PACKAGE_COLUMNS } from '@portal/contracts';
import { ImportColumnsHelp } from '../imports/ImportColumnsHelp';
import { ImportScreen } from '../imports/ImportScreen';

/** Huby order import (/dashtower/import): orders and their packages or pallets from a CSV or XLSX file, simulated first. */
export default function OrderImport() {
  const translate = useTranslate();
  return (
    <ImportScreen
      base="/dashtower/import"
      title={translate('huby.import.title')}
      sampleName="huby-import-sample"
      help={
        <>
          <Button component={RouterLink} to="/dashtower" size="small" sx={{ mb: 1 }}>
            {translate('huby.import.back')}
          </Button>
          <Typography variant="body2">{translate('huby.import.help')}</Typography>
          <ImportColumnsHelp columns={IMPORT_ORDER_COLUMNS} title={translate('imports.helpOrderLines')} />
          <ImportColumnsHelp columns={IMPORT_PACKAGE_COLUMNS} title={translate('imports.helpPackageLines')} />
        </>
      }
    />
  );
}
