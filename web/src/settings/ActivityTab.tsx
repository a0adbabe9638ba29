import { Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { AuditList } from '../audit/AuditList';

/** Settings → Activity: what the user's colleagues changed in their depositors' data (the audit trail). */
export default function ActivityTab() {
  const translate = useTranslate();
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('audit.colleagues')}
      </Typography>
      <AuditList resource="settings/activity" />
    </>
  );
}
