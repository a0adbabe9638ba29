import { useEffect, useState } from 'react';
import {
  Button,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  Typography,
  FormControl,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { EXPORT_FORMATS, LABEL_FORMATS, LOCALES, Role, THEMES, TIME_ZONES, hasAnyRole, formatDate, zoneOffset } from '@portal/contracts';
import { useLanguage } from '../i18n/useLanguage';
import { THEME_KEY } from '../theme/palettes';
import { updateUser, useUser } from '../user/useUser';
import { useFieldChecks } from '../core/fieldChecks';
import { useSave } from './useSave';
import { agentUrl, printerAgent, type PrinterDevice } from '../huby/printing/agent';

/** General settings: each choice is saved by its own §7 call and the answered user is kept. */
export function GeneralTab() {
  const translate = useTranslate();
  const user = useUser();
  const [, setLocale] = useLanguage();
  const { run, busy, fields } = useSave();
  const [phone, setPhone] = useState(user?.phone ?? '');
  const [printerUri, setPrinterUri] = useState(
    user?.printer?.url ? `${user.printer.url}${user.printer.port ? `:${user.printer.port}` : ''}` : '',
  );
  const [printer, setPrinter] = useState(user?.uid_zpl_printer ?? '');
  const [detected, setDetected] = useState<PrinterDevice[] | 'none' | null>(null);
  const detect = async () => {
    try {
      const list = await printerAgent.available();
      setDetected(list.length ? list : 'none');
    } catch {
      setDetected('none');
    }
  };
  useEffect(() => setPhone(user?.phone ?? ''), [user?.phone]);
  const checks = useFieldChecks(
    { phone: ['required', 'phone'], printer_uri: ['required', 'printerUri'] },
    { phone, printer_uri: printerUri },
    fields,
  );
  if (!user) return null;
  const canPrint = hasAnyRole(user.roles, [Role.DASHTOWER_USER, Role.ADMIN_DASHTOWER_USER]);
  const enc = encodeURIComponent;

  return (
    <Stack spacing={3} component="form" onSubmit={(e) => e.preventDefault()} aria-label={translate('settings.tabs.general')}>
      <TextField
        select
        id="settings-language"
        label={translate('settings.language')}
        value={user.language.code}
        onChange={async (e) => {
          const saved = await run(() => updateUser(`/user/language/${enc(e.target.value)}`));
          if (saved) setLocale(saved.language.short);
        }}
      >
        {LOCALES.map((l) => (
          <MenuItem key={l.code} value={l.code} lang={l.short}>
            {l.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        id="settings-theme"
        label={translate('settings.theme')}
        value={user.theme}
        onChange={async (e) => {
          const saved = await run(() => updateUser(`/user/theme/${enc(e.target.value)}`));
          if (saved) localStorage.setItem(THEME_KEY, saved.theme);
        }}
      >
        {THEMES.map((t) => (
          <MenuItem key={t} value={t}>
            {translate(`settings.themes.${t}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        id="settings-timezone"
        label={translate('settings.timezone')}
        value={user.timezone}
        helperText={translate('settings.currentTime', { time: formatDate(new Date(), user.timezone, true) })}
        onChange={(e) => run(() => updateUser(`/user/timezone/${enc(e.target.value)}`))}
      >
        {(TIME_ZONES.includes(user.timezone) ? TIME_ZONES : [user.timezone, ...TIME_ZONES]).map((tz) => (
          <MenuItem key={tz} value={tz}>
            {`${tz.replace(/_/g, ' ')} (${zoneOffset(tz)})`}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          id="settings-phone"
          label={translate('settings.phone')}
          type="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          {...checks.field('phone')}
          sx={{ flexGrow: 1 }}
        />
        <Button
          variant="outlined"
          disabled={busy}
          onClick={() => checks.checkAll(['phone']) && run(() => updateUser(`/user/phone/${enc(phone.trim())}`))}
          sx={{ mt: 1 }}
        >
          {translate('settings.save')}
        </Button>
      </Stack>
      <FormControl>
        <FormLabel id="export-format-label">{translate('settings.exportFormat')}</FormLabel>
        <RadioGroup
          aria-labelledby="export-format-label"
          value={user.exportFormat}
          onChange={(e) => run(() => updateUser(`/user/export/${enc(e.target.value)}`))}
        >
          {EXPORT_FORMATS.map((f) => (
            <FormControlLabel key={f} value={f} control={<Radio />} label={translate(`settings.exportFormats.${f}`)} />
          ))}
        </RadioGroup>
      </FormControl>
      {canPrint && (
        <>
          <FormControl>
            <FormLabel id="label-format-label">{translate('settings.labelFormat')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="label-format-label"
              value={user.etiquette_format}
              onChange={(e) =>
                run(() => updateUser(`/user/${enc(user.uuid)}/setFormatEtiquette/${enc(e.target.value)}`, { method: 'PUT' }))
              }
            >
              {LABEL_FORMATS.map((f) => (
                <FormControlLabel key={f} value={f} control={<Radio />} label={f} />
              ))}
            </RadioGroup>
          </FormControl>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              id="settings-printer"
              label={translate('settings.defaultPrinter')}
              value={printer}
              onChange={(e) => setPrinter(e.target.value)}
              sx={{ flexGrow: 1 }}
            />
            <Button
              variant="outlined"
              disabled={busy || !printer.trim()}
              onClick={() =>
                run(() => updateUser(`/user/${enc(user.uuid)}/setZplDefaultPrinter/${enc(printer.trim())}`, { method: 'PUT' }))
              }
              sx={{ mt: 1 }}
            >
              {translate('settings.save')}
            </Button>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Button variant="text" onClick={() => void detect()}>
              {translate('settings.detectPrinters')}
            </Button>
            {detected === 'none' && (
              <Typography variant="body2" color="text.secondary" role="status">
                {translate('settings.noPrinterAgent', { url: agentUrl() })}
              </Typography>
            )}
            {Array.isArray(detected) &&
              detected.map((p) => (
                <Button key={p.uid} size="small" variant={p.uid === printer ? 'contained' : 'outlined'} onClick={() => setPrinter(p.uid)}>
                  {p.name}
                </Button>
              ))}
          </Stack>
          <FormControlLabel
            control={
              <Switch
                checked={user.autoPrint}
                onChange={(e) =>
                  run(() => updateUser(`/user/${enc(user.uuid)}/setAutoPrint/${e.target.checked ? 'on' : 'off'}`, { method: 'PUT' }))
                }
              />
            }
            label={translate('settings.autoPrint')}
          />
        </>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          id="settings-printer-uri"
          label={translate('settings.printerUri')}
          type="url"
          value={printerUri}
          placeholder="http://192.168.1.50:9100"
          onChange={(e) => setPrinterUri(e.target.value)}
          {...checks.field('printer_uri')}
          sx={{ flexGrow: 1 }}
        />
        <Button
          variant="outlined"
          disabled={busy}
          onClick={() =>
            checks.checkAll(['printer_uri']) &&
            run(() => updateUser('/user/printer-uri', { method: 'PUT', body: { printer_uri: printerUri.trim() } }))
          }
          sx={{ mt: 1 }}
        >
          {translate('settings.save')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {user.login} · {user.email}
      </Typography>
    </Stack>
  );
}
