import { useRef, useState } from 'react';
import { useNotify, useTranslate } from 'ra-core';
import { Button } from '@mui/material';
import type { LogoDto } from '@portal/contracts';
import { uploadFile } from '../../core/upload';
import { useErrorText } from '../../i18n/useErrorText';

/**
 * Picks a PNG or JPEG and sends it as a depositor's logo (`path`: the admin's or the user's own
 * route); the server checks the bytes and keeps a PNG fitting 300x150.
 */
export function LogoUpload({ path, code, onSaved }: { path: string; code: string; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const send = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      await uploadFile<LogoDto>(path, file, () => undefined);
      notify('adminRef.logos.saved', { type: 'success', messageArgs: { code } });
      onSaved();
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg"
        hidden
        onChange={(e) => void send(e.target.files?.[0])}
        data-logo-input={code}
        aria-label={translate('adminRef.logos.upload')}
      />
      <Button size="small" variant="outlined" onClick={() => input.current?.click()} disabled={busy}>
        {translate('adminRef.logos.upload')}
      </Button>
    </>
  );
}
