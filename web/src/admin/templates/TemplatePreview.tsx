import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'ra-core';
import { Alert, Box, Button, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { LOCALES, type ShortLocale, type TemplatePreviewDto } from '@portal/contracts';
import { api } from '../../core/api';
import { useErrorText } from '../../i18n/useErrorText';
import { previewDocument, templateFaultOf } from './model';

/**
 * The template being edited rendered by the server with sample data, in each of the five languages
 * (a tab each), in a sandboxed frame; a template that does not compile says where. "Send me a test"
 * mails the preview to the administrator's own address.
 */
export function TemplatePreview({ subject, body, locale: initial }: { subject: string; body: string; locale: ShortLocale }) {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const [locale, setLocale] = useState<ShortLocale>(initial);
  const [preview, setPreview] = useState<TemplatePreviewDto | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const render = async (next = locale) => {
    setFailure(null);
    try {
      setPreview(
        await api<TemplatePreviewDto>('/admin/email-templates/preview', { method: 'POST', body: { locale: next, subject, body } }),
      );
    } catch (error) {
      setPreview(null);
      const fault = templateFaultOf(error);
      const where = fault ? translate(`adminRef.templates.where.${fault.where}`) : '';
      setFailure(
        fault
          ? translate(fault.line ? 'adminRef.templates.fault' : 'adminRef.templates.faultNoLine', {
              where,
              line: fault.line,
              detail: fault.detail,
            })
          : errorText(error),
      );
    }
  };
  useEffect(() => {
    if (subject && body) void render();
  }, [locale]);

  const testSend = async () => {
    setBusy(true);
    try {
      const { to } = await api<{ to: string }>('/admin/email-templates/test-send', { method: 'POST', body: { locale, subject, body } });
      notify('adminRef.templates.testSent', { type: 'success', messageArgs: { to } });
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="preview-title" sx={{ p: 2 }}>
      <Typography id="preview-title" variant="h6" component="h2">
        {translate('adminRef.templates.preview')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('adminRef.templates.previewHelp')}
      </Typography>
      <Tabs
        value={locale}
        onChange={(_, next: ShortLocale) => setLocale(next)}
        variant="scrollable"
        aria-label={translate('adminRef.templates.f.locale')}
      >
        {LOCALES.map((l) => (
          <Tab key={l.short} value={l.short} label={l.label} data-preview-locale={l.short} />
        ))}
      </Tabs>
      <Stack direction="row" spacing={1} sx={{ my: 1 }}>
        <Button onClick={() => void render()} variant="outlined" size="small" data-testid="preview-refresh">
          {translate('adminRef.templates.refresh')}
        </Button>
        <Button onClick={() => void testSend()} size="small" disabled={busy || !!failure}>
          {translate('adminRef.templates.testSend')}
        </Button>
      </Stack>
      {failure && (
        <Alert severity="error" role="alert" data-testid="preview-error">
          {failure}
        </Alert>
      )}
      {preview && (
        <Box data-testid="preview" data-locale={preview.locale}>
          <Typography variant="subtitle2" data-testid="preview-subject" sx={{ mb: 1 }}>
            {preview.subject}
          </Typography>
          <Box
            component="iframe"
            title={translate('adminRef.templates.preview')}
            sandbox=""
            srcDoc={previewDocument(preview.html, preview.locale)}
            sx={{ width: '100%', height: 420, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
          />
        </Box>
      )}
    </Paper>
  );
}
