import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { isPasswordValid } from '@portal/contracts';
import { api, errorKeyOf } from '../core/api';
import { LanguageSelect } from './LanguageSelect';
import { PasswordRules } from './PasswordRules';

type State = 'checking' | 'invalid' | 'form' | 'done';

/** The page the reset mail links to: `/reset-password?token=…` (spec §5 password rules). */
export default function ResetPasswordPage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>('checking');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return setState('invalid');
    api(`/auth/password/reset/${encodeURIComponent(token)}`, { anonymous: true })
      .then(() => setState('form'))
      .catch(() => setState('invalid'));
  }, [token]);

  const mismatch = confirmation.length > 0 && confirmation !== password;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrorKey(null);
    try {
      await api('/auth/password/reset', { method: 'POST', body: { token, password, confirmation }, anonymous: true });
      setState('done');
    } catch (error) {
      const key = errorKeyOf(error);
      if (key === 'resetLinkInvalid') setState('invalid');
      setErrorKey(`errors.${key}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="light-page" id="main">
      <div className="card">
        <h1>{translate('reset.title')}</h1>
        {state === 'checking' && <p role="status">{translate('reset.checking')}</p>}
        {state === 'invalid' && (
          <>
            <p className="alert alert-error" role="alert">
              {translate('errors.resetLinkInvalid')}
            </p>
            <Link to="/login">{translate('reset.askNewLink')}</Link>
          </>
        )}
        {state === 'done' && (
          <>
            <p className="alert alert-success" role="status">
              {translate('reset.done')}
            </p>
            <Link to="/login">{translate('login.backToLogin')}</Link>
          </>
        )}
        {state === 'form' && (
          <form onSubmit={submit} noValidate>
            {errorKey && (
              <p className="alert alert-error" role="alert">
                {translate(errorKey)}
              </p>
            )}
            <div className="field">
              <label htmlFor="new-password">{translate('reset.password')}</label>
              <input
                id="new-password"
                type="password"
                autoComplete="new-password"
                aria-describedby="password-rules"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoFocus
              />
            </div>
            <PasswordRules password={password} id="password-rules" />
            <div className="field">
              <label htmlFor="confirm-password">{translate('reset.confirmation')}</label>
              <input
                id="confirm-password"
                type="password"
                autoComplete="new-password"
                aria-invalid={mismatch}
                aria-describedby="confirm-error"
                value={confirmation}
                onChange={(e) => setConfirmation(e.target.value)}
              />
              <span id="confirm-error" role="status" style={{ color: 'var(--error)', fontSize: '0.9rem' }}>
                {mismatch ? translate('reset.mismatch') : ''}
              </span>
            </div>
            <button className="btn" type="submit" disabled={busy || !isPasswordValid(password) || password !== confirmation}>
              {translate('reset.submit')}
            </button>
          </form>
        )}
        <LanguageSelect />
      </div>
    </main>
  );
}
