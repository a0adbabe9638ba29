import { useState } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { updateUser, useUser } from '../user/useUser';
import { useFieldChecks, type FieldRule } from '../core/fieldChecks';
import { useSave } from './useSave';

const FIELDS = [
  ['firstname', 'given-name', 'text'],
  ['lastname', 'family-name', 'text'],
  ['email', 'email', 'email'],
  ['contactMail', 'email', 'email'],
] as const;
const RULES: Record<(typeof FIELDS)[number][0], FieldRule[]> = {
  firstname: ['required'],
  lastname: ['required'],
  email: ['required', 'email'],
  contactMail: ['email'],
};

/** First name, last name, login e-mail and contact e-mail (PUT /api/user/profile). */
export default function ProfileTab() {
  const translate = useTranslate();
  const user = useUser();
  const { run, busy, fields } = useSave();
  const [form, setForm] = useState({
    firstname: user?.firstname ?? '',
    lastname: user?.lastname ?? '',
    email: user?.email ?? '',
    contactMail: user?.contactMail ?? '',
  });
  const checks = useFieldChecks(RULES, form, fields);
  const submit = () =>
    checks.checkAll() &&
    run(() => updateUser('/user/profile', { method: 'PUT', body: { ...form, contactMail: form.contactMail || null } }));
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
      {FIELDS.map(([name, autoComplete, type]) => (
        <TextField
          key={name}
          id={`profile-${name}`}
          name={name}
          type={type}
          autoComplete={autoComplete}
          label={translate(`settings.${name}`)}
          value={form[name]}
          onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
          required={name !== 'contactMail'}
          {...checks.field(name)}
        />
      ))}
      <div>
        <Button type="submit" variant="contained" disabled={busy}>
          {translate('settings.save')}
        </Button>
      </div>
    </Stack>
  );
}
