import { useState } from 'react';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { checkPasswordRules, isPasswordValid } from '@portal/contracts';
import { api } from '../core/api';
import { setToken } from '../core/session';
import { useFieldChecks } from '../core/fieldChecks';
import { useSave } from './useSave';

const RULES = [
  ['minLength', 'reset.ruleMinLength'],
  ['upper', 'reset.ruleUpper'],
  ['lower', 'reset.ruleLower'],
  ['digit', 'reset.ruleDigit'],
] as const;

/**
 * Password change. The server revokes every session, this one included, and answers a fresh
 * token for the current user, which replaces the old one here.
 */
export default function PasswordTab() {
  const translate = useTranslate();
  const { run, busy, fields } = useSave();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const rules = checkPasswordRules(password);
  const mismatch = confirmation.length > 0 && confirmation !== password;
  const checks = useFieldChecks({ oldPassword: ['required'] }, { oldPassword }, fields);

  const submit = async () => {
    const answer = await run(
      () => api<{ ok: true; token?: string }>('/user/password', { method: 'POST', body: { oldPassword, password, confirmation } }),
      'messages.passwordUpdated',
    );
    if (answer) {
      if (answer.token) setToken(answer.token);
      setOldPassword('');
      setPassword('');
      setConfirmation('');
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
      <TextField
        id="old-password"
        type="password"
        autoComplete="current-password"
        label={translate('settings.oldPassword')}
        value={oldPassword}
        onChange={(e) => setOldPassword(e.target.value)}
        required
        {...checks.field('oldPassword')}
      />
      <TextField
        id="new-password"
        type="password"
        autoComplete="new-password"
        label={translate('settings.newPassword')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
        slotProps={{ htmlInput: { 'aria-describedby': 'settings-password-rules' } }}
      />
      <Box id="settings-password-rules">
        <Typography variant="body2">{translate('reset.rulesTitle')}</Typography>
        <Box component="ul" aria-live="polite" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
          {RULES.map(([rule, key]) => (
            <Typography
              component="li"
              variant="body2"
              key={rule}
              data-rule={rule}
              data-ok={rules[rule]}
              sx={{ color: rules[rule] ? 'success.main' : 'error.main' }}
            >
              {rules[rule] ? '✓ ' : '✗ '}
              {translate(key)}
              <span className="visually-hidden"> : {translate(rules[rule] ? 'reset.ruleMet' : 'reset.ruleNotMet')}</span>
            </Typography>
          ))}
        </Box>
      </Box>
      <TextField
        id="confirm-password"
        type="password"
        autoComplete="new-password"
        label={translate('settings.confirmation')}
        value={confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
        error={mismatch}
        helperText={mismatch ? translate('reset.mismatch') : ' '}
        required
      />
      <div>
        <Button
          type="submit"
          variant="contained"
          disabled={busy || !oldPassword || !isPasswordValid(password) || mismatch || !confirmation}
        >
          {translate('settings.save')}
        </Button>
      </div>
    </Stack>
  );
}
