import { useEffect, useState } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useNotify, useTranslate } from 'ra-core';
import { Box, Button, Stack, Tab, Tabs, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import {
  TRACKING_WORD_KINDS,
  TRACKING_WORD_LOCALES,
  TRACKING_WORD_MAX_LENGTH,
  trackingWordCodes,
  type ShortLocale,
  type TrackingTranslationDto,
  type TrackingWordKind,
} from '@portal/contracts';
import { api } from '../../core/api';
import { useErrorText } from '../../i18n/useErrorText';
import { useLanguage } from '../../i18n/useLanguage';
import { applyTrackingWords, catalogueWord } from '../../i18n/trackingWords';
import { AreaTitle } from '../reference/kit';

/** Tracking translations (ADMIN_TRACKING_TRANSLATION): the words customers see for statuses and carrier events, per language. */
export default function TrackingTranslationsArea() {
  return (
    <Routes>
      <Route index element={<TrackingWordsEditor />} />
      <Route path="*" element={<Navigate to="/admin/translations" replace />} />
    </Routes>
  );
}

const keyOf = (kind: string, code: string, locale: string) => `${kind} ${code} ${locale}`;
/** One word a line: code, catalogue's word and the provider's side by side from 900 px, stacked on a phone. */
const ROW = {
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(90px, 1fr) minmax(0, 2fr) minmax(0, 3fr)' },
  gap: { xs: 0.5, md: 2 },
  alignItems: 'center',
  py: 1,
  borderBottom: 1,
  borderColor: 'divider',
};

function TrackingWordsEditor() {
  const translate = useTranslate();
  const [userLocale] = useLanguage();
  const [kind, setKind] = useState<TrackingWordKind>('trackingStatus');
  const [locale, setLocale] = useState<ShortLocale>(userLocale);
  const [words, setWords] = useState<Map<string, string> | null>(null);

  const reload = async () => {
    const list = await api<TrackingTranslationDto[]>('/tracking-translations');
    // This session shows the new words at once; the others on their next load.
    applyTrackingWords(list ?? []);
    setWords(new Map((list ?? []).map((t) => [keyOf(t.kind, t.code, t.locale), t.text])));
  };
  useEffect(() => {
    void reload().catch(() => setWords(new Map()));
  }, []);

  return (
    <Box component="section" aria-labelledby="tracking-words-title">
      <AreaTitle id="tracking-words-title" title={translate('adminTrackingWords.title')} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('adminTrackingWords.hint')}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <Tabs value={kind} onChange={(_, next: TrackingWordKind) => setKind(next)} variant="scrollable" allowScrollButtonsMobile>
          {TRACKING_WORD_KINDS.map((k) => (
            <Tab key={k} value={k} label={translate(`adminTrackingWords.kinds.${k}`)} data-kind={k} />
          ))}
        </Tabs>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={locale}
          onChange={(_, next: ShortLocale | null) => next && setLocale(next)}
          aria-label={translate('adminTrackingWords.language')}
          sx={{ flexWrap: 'wrap' }}
        >
          {TRACKING_WORD_LOCALES.map((l) => (
            <ToggleButton key={l} value={l} data-locale={l}>
              {translate(`adminTrackingWords.languages.${l}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {words && (
        <Box component="ul" aria-labelledby="tracking-words-title" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          <Box component="li" aria-hidden sx={{ ...ROW, display: { xs: 'none', md: 'grid' }, color: 'text.secondary', fontWeight: 500 }}>
            <span>{translate('adminTrackingWords.columns.code')}</span>
            <span>{translate('adminTrackingWords.columns.catalogue')}</span>
            <span>{translate('adminTrackingWords.columns.override')}</span>
          </Box>
          {trackingWordCodes(kind).map((code) => (
            <WordRow
              key={keyOf(kind, code, locale)}
              kind={kind}
              code={code}
              locale={locale}
              saved={words.get(keyOf(kind, code, locale)) ?? ''}
              onSaved={reload}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}

function WordRow(props: { kind: TrackingWordKind; code: string; locale: ShortLocale; saved: string; onSaved: () => Promise<void> }) {
  const { kind, code, locale, saved } = props;
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const [text, setText] = useState(saved);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setText(saved), [saved]);
  const path = `/admin/tracking-translations/${kind}/${encodeURIComponent(code)}/${locale}`;

  const save = async (next: string) => {
    setBusy(true);
    setFieldError(null);
    try {
      if (next.trim()) await api(path, { method: 'PUT', body: { text: next } });
      else await api(path, { method: 'DELETE' });
      await props.onSaved();
      notify(next.trim() ? 'adminTrackingWords.saved' : 'adminTrackingWords.reset', { type: 'success', messageArgs: { code } });
    } catch (error) {
      const field = (error as { fields?: Record<string, string> }).fields?.text;
      if (field) setFieldError(translate(`fields.${field}`, { n: TRACKING_WORD_MAX_LENGTH }));
      notify(errorText(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const changed = text.trim() !== saved;

  return (
    <Box component="li" data-word={`${kind}:${code}`} sx={ROW}>
      <Box sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{code}</Box>
      <Box>{catalogueWord(kind, code, locale)}</Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap', minWidth: 0 }}>
        <TextField
          size="small"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={translate('adminTrackingWords.placeholder')}
          error={!!fieldError}
          helperText={fieldError ?? undefined}
          slotProps={{
            htmlInput: { maxLength: TRACKING_WORD_MAX_LENGTH, 'aria-label': translate('adminTrackingWords.fieldLabel', { code }) },
          }}
          sx={{ flex: '1 1 180px', minWidth: 0 }}
        />
        <Button variant="contained" size="small" disabled={busy || !changed} onClick={() => void save(text)}>
          {translate('adminTrackingWords.save')}
        </Button>
        {saved && (
          <Button size="small" disabled={busy} onClick={() => void save('')}>
            {translate('adminTrackingWords.backToCatalogue')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
