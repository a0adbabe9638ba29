import { useState } from 'react';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { api } from '../core/api';
import { useFieldChecks } from '../core/fieldChecks';
import { useSave } from './useSave';

/** Problem report: mailed to the logistics provider's support. */
export default function ProblemReportTab() {
  const translate = useTranslate();
  const { run, busy, fields } = useSave();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const checks = useFieldChecks({ subject: ['required'], message: ['required'] }, { subject, message }, fields);
  const submit = async () => {
    if (!checks.checkAll()) return;
    const ok = await run(() => api('/support/problem-report', { method: 'POST', body: { subject, message } }), 'messages.emailSent');
    if (ok) {
      setSubject('');
      setMessage('');
      checks.reset();
    }
  };
  return (
    <Stack
      spacing={2}
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Typography color="text.secondary">{translate('settings.problemHelp')}</Typography>
      <TextField
        id="problem-subject"
        label={translate('settings.subject')}
        value={subject}
        onChange={(e) => setSubject(e.target.value)}
        required
        {...checks.field('subject')}
      />
      <TextField
        id="problem-message"
        label={translate('settings.message')}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        required
        multiline
        minRows={5}
        {...checks.field('message')}
      />
      <div>
        <Button type="submit" variant="contained" disabled={busy}>
          {translate('settings.send')}
        </Button>
      </div>
    </Stack>
  );
}
