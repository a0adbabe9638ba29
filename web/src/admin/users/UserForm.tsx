import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useCreate, useGetOne, useNotify, useTranslate, useUpdate } from 'ra-core';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { adminUserInput, LOCALES, type AdminUserDto } from '@portal/contracts';
import { errorKeyOf } from '../../core/api';
import { SchemaField, useSchemaForm } from '../../forms/kit';
import { Loading } from '../../layout/Loading';
import { useErrorText } from '../../i18n/useErrorText';
import { AccessSection } from './AccessSection';
import { adminPasswordChecks, bodyOf, EMPTY_USER, formOf, type UserFormValues } from './model';
import { usersApi } from './usersApi';
import { fitLabelSx } from '../../lists/fitLabel';

const RESOURCE = 'admin/users';

/**
 * A user's §3 fields (creation and edition). Spec §5: roles, groups and filters are configured once
 * the user is saved, so the access part opens after the first save; the account actions too
 * (password reset mailed, deactivation).
 */
export default function UserForm() {
  const { uuid } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const saved = useGetOne<AdminUserDto>(RESOURCE, { id: uuid ?? '' }, { enabled: !!uuid });
  const [values, setValues] = useState<UserFormValues>(EMPTY_USER);
  const kit = useSchemaForm(adminUserInput);
  const [create, creating] = useCreate();
  const [update, updating] = useUpdate();
  useEffect(() => {
    if (saved.data) setValues(formOf(saved.data));
  }, [saved.data]);

  if (uuid && saved.isPending) return <Loading />;
  if (uuid && saved.error) return <Alert severity="error">{errorText(saved.error)}</Alert>;
  const user = uuid ? saved.data : undefined;

  const set = (key: keyof UserFormValues, value: string | boolean) => {
    setValues((v) => ({ ...v, [key]: value }));
    kit.clear(key);
  };
  const failed = (error: unknown) => {
    kit.refused(error);
    // The refusals of a whole body that are one field's: said under it.
    const key = errorKeyOf(error);
    const field = key && FIELD_OF_ERROR[key];
    if (field) kit.setFields((f) => ({ ...f, [field]: key }));
    notify(errorText(error), { type: 'error' });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const data = bodyOf(values);
    // Checked as the service will before anything is sent.
    if (!kit.check(data)) return;
    if (!user)
      create(
        RESOURCE,
        { data },
        {
          onSuccess: (created: AdminUserDto) => {
            notify('adminUsers.msg.created', { type: 'success', messageArgs: { login: created.login } });
            navigate(`/admin/users/${created.uuid}`, { replace: true });
          },
          onError: failed,
        },
      );
    else
      update(
        RESOURCE,
        { id: user.uuid, data, previousData: user },
        {
          mutationMode: 'pessimistic',
          onSuccess: () => {
            notify('adminUsers.msg.saved', { type: 'success' });
            set('password', '');
          },
          onError: failed,
        },
      );
  };
  const field = (
    key: keyof UserFormValues,
    extra: { type?: 'text' | 'tel' | 'password'; width?: number; choiceLabel?: (c: string) => string } = {},
  ) => (
    <SchemaField
      key={key}
      id={`user-${key}`}
      rule={kit.rules[key]}
      label={translate(`adminUsers.f.${key}`)}
      value={values[key]}
      onChange={(value) => set(key, value)}
      {...kit.err(key)}
      type={extra.type}
      choiceLabel={extra.choiceLabel}
      fullWidth={false}
      // A field keeps its width at a desk and never passes the screen's edge on a phone.
      sx={fitLabelSx(
        translate(`adminUsers.f.${key}`),
        extra.width ?? 260,
        kit.rules[key]?.choices?.map((c) => extra.choiceLabel?.(c) ?? c),
      )}
      htmlInput={{ name: key, ...(key === 'password' ? { autoComplete: 'new-password' } : {}) }}
    />
  );
  const checks = adminPasswordChecks(values.password);
  return (
    <Box aria-labelledby="admin-user-title">
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography id="admin-user-title" variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {user ? translate('adminUsers.titles.edit', { login: user.login }) : translate('adminUsers.titles.create')}
        </Typography>
        <Button component={RouterLink} to="/admin/users">
          {translate('adminUsers.actions.backToList')}
        </Button>
      </Stack>
      {user && !user.active && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('adminUsers.msg.inactive')}
        </Alert>
      )}
      <Paper
        variant="outlined"
        component="form"
        onSubmit={submit}
        sx={{ p: 2, mb: 2 }}
        aria-label={translate('adminUsers.titles.identity')}
      >
        <Section title={translate('adminUsers.titles.identity')}>
          {field('login')}
          {field('email', { width: 300 })}
          {field('firstname')}
          {field('lastname')}
          {field('phone', { type: 'tel' })}
          {field('contactMail', { width: 300 })}
        </Section>
        <Section title={translate('adminUsers.titles.preferences')}>
          {field('language', { choiceLabel: (c) => LOCALES.find((l) => l.code === c)?.label ?? c })}
          {field('timezone')}
          {field('theme', { choiceLabel: (t) => translate(`adminUsers.themes.${t}`) })}
          {field('exportFormat', { choiceLabel: (f) => translate(`adminUsers.exportFormats.${f}`), width: 320 })}
        </Section>
        <Section title={translate('adminUsers.titles.labels')}>
          {field('etiquette_format', { width: 140 })}
          {field('uid_zpl_printer')}
          {field('printerUrl', { width: 300 })}
          {field('printerPort', { width: 140 })}
          {field('autoPrint')}
        </Section>
        <Section title={translate('adminUsers.titles.other')}>
          {field('avatarURL', { width: 360 })}
          {field('logo', { width: 360 })}
        </Section>
        <Section title={translate('adminUsers.titles.password')}>
          {field('password', { type: 'password' })}
          <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 520 }}>
            {translate(user ? 'adminUsers.password.editHint' : 'adminUsers.password.createHint')}
            {values.password &&
              ` ${Object.entries(checks)
                .map(([rule, ok]) => `${ok ? '✓' : '✗'} ${translate(`adminUsers.password.${rule}`)}`)
                .join(' · ')}`}
          </Typography>
        </Section>
        <Button type="submit" variant="contained" disabled={creating.isPending || updating.isPending}>
          {translate(user ? 'adminUsers.actions.save' : 'adminUsers.actions.create')}
        </Button>
      </Paper>
      {user ? (
        <>
          <AccessSection user={user} onSaved={() => void saved.refetch()} />
          <AccountActions user={user} onChanged={() => void saved.refetch()} />
        </>
      ) : (
        <Alert severity="info" data-testid="access-after-save">
          {translate('adminUsers.msg.saveFirst')}
        </Alert>
      )}
    </Box>
  );
}

/** The refusals of a whole body that concern one field: shown under it. */
const FIELD_OF_ERROR: Partial<Record<string, keyof UserFormValues>> = {
  loginAlreadyExists: 'login',
  emailAlreadyExists: 'email',
  wrongPasswordFormat: 'password',
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    // minWidth 0: a fieldset is otherwise as wide as its widest field and passes a phone's edge.
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {children}
      </Stack>
    </Box>
  );
}

/** Reset password (a new one mailed), deactivate (sessions end) or reactivate. */
function AccountActions({ user, onChanged }: { user: AdminUserDto; onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>, message: string) => {
    setBusy(true);
    try {
      await action();
      notify(message, { type: 'success', messageArgs: { login: user.login, email: user.email } });
      onChanged();
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="account-actions-title">
      <Typography id="account-actions-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('adminUsers.titles.account')}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          disabled={busy}
          onClick={() =>
            window.confirm(translate('adminUsers.confirm.reset', { email: user.email })) &&
            run(() => usersApi.resetPassword(user.uuid), 'adminUsers.msg.reset')
          }
        >
          {translate('adminUsers.actions.resetPassword')}
        </Button>
        {user.active ? (
          <Button
            variant="outlined"
            color="error"
            disabled={busy}
            onClick={() =>
              window.confirm(translate('adminUsers.confirm.deactivate', { login: user.login })) &&
              run(() => usersApi.deactivate(user.uuid), 'adminUsers.msg.deactivated')
            }
          >
            {translate('adminUsers.actions.deactivate')}
          </Button>
        ) : (
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() => run(() => usersApi.reactivate(user.uuid), 'adminUsers.msg.reactivated')}
          >
            {translate('adminUsers.actions.reactivate')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
