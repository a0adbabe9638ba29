import { useEffect, useState } from 'react';
import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { api } from '../core/api';
import { useFieldChecks } from '../core/fieldChecks';
import { useSave } from './useSave';

interface EmailTemplate {
  id: number;
  code: string;
  label: string;
  subject: string;
  body: string;
}

/** Sends an e-mail; a template the user may use can prefill subject and body (spec §5: all three mandatory). */
export default function EmailTemplateTab() {
  const translate = useTranslate();
  const { run, busy, fields } = useSave();
  const [templates, setTemplates] = useState<EmailTemplate[]>([]);
  const [templateId, setTemplateId] = useState('');
  const [form, setForm] = useState({ recipient: '', subject: '', body: '' });
  useEffect(() => {
    api<EmailTemplate[]>('/email-templates')
      .then((list) => setTemplates(Array.isArray(list) ? list : []))
      .catch(() => setTemplates([]));
  }, []);

  const pick = (id: string) => {
    setTemplateId(id);
    const template = templates.find((t) => String(t.id) === id);
    if (template) setForm((f) => ({ ...f, subject: template.subject, body: template.body }));
  };
  // Spec §5 mail sending: recipient, subject and body mandatory.
  const checks = useFieldChecks({ recipient: ['required', 'email'], subject: ['required'], body: ['required'] }, form, fields);
  const submit = async () => {
    if (!checks.checkAll()) return;
    const ok = await run(() => api('/email-templates/send', { method: 'POST', body: form }), 'messages.emailSent');
    if (ok) {
      setForm({ recipient: '', subject: '', body: '' });
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
      <Typography color="text.secondary">{translate('settings.emailHelp')}</Typography>
      <TextField
        select
        id="email-template"
        label={translate('settings.template')}
        value={templateId}
        onChange={(e) => pick(e.target.value)}
      >
        <MenuItem value="">{translate('settings.noTemplate')}</MenuItem>
        {templates.map((t) => (
          <MenuItem key={t.id} value={String(t.id)}>
            {t.label}
          </MenuItem>
        ))}
      </TextField>
      {(['recipient', 'subject', 'body'] as const).map((name) => (
        <TextField
          key={name}
          id={`email-${name}`}
          type={name === 'recipient' ? 'email' : 'text'}
          label={translate(`settings.${name}`)}
          value={form[name]}
          onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
          required
          multiline={name === 'body'}
          minRows={name === 'body' ? 6 : undefined}
          {...checks.field(name)}
        />
      ))}
      <div>
        <Button type="submit" variant="contained" disabled={busy}>
          {translate('settings.send')}
        </Button>
      </div>
    </Stack>
  );
}
