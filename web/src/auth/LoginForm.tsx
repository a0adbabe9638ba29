import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useNotify, useTranslate } from 'ra-core';
import type { UserDto } from '@portal/contracts';
import { ApiError, NetworkError } from '../core/api';
import { authProvider } from '../core/authProvider';
import { getUser, sanitizeBackpath } from '../core/session';
import { applyCssTheme, asTheme } from '../theme/palettes';
import { useLanguage } from '../i18n/useLanguage';
import { useCountdown } from './useCountdown';

/** 898 → "14 min 58 s", 42 → "42 s". */
function formatWait(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m > 0 ? `${m} min ${String(s).padStart(2, '0')} s` : `${s} s`;
}

type Failure = { key: string; args?: Record<string, unknown> } | null;

/** The login mode of the login screen: login or e-mail, password, spec §8 alerts. */
export function LoginForm({ onForgot }: { onForgot: (mode: 'forgotPassword' | 'forgotLogin') => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [, setLocale] = useLanguage();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const [blockedUntil, setBlockedUntil] = useState<number | null>(null);
  const blockedSeconds = useCountdown(blockedUntil);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await authProvider.login({ login: login.trim(), password });
      const user = getUser() as UserDto;
      applyCssTheme(asTheme(user.theme));
      setLocale(user.language.short);
      notify('messages.loginGood', { type: 'success' });
      navigate(sanitizeBackpath(params.get('backpath')), { replace: true });
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.key === 'accountBlocked') {
        setBlockedUntil(Date.now() + Number(error.params.seconds ?? 0) * 1000);
      } else if (error instanceof ApiError) {
        setFailure({ key: `errors.${error.key}`, args: error.params });
      } else if (error instanceof NetworkError) {
        setFailure({ key: 'server.connectionError', args: { error: error.message } });
      } else {
        setFailure({ key: 'errors.unexpectedError' });
      }
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="login-title">
      <h1 id="login-title">{translate('login.title')}</h1>
      <p className="subtitle">{translate('login.subtitle')}</p>
      <div aria-live="assertive">
        {failure && (
          <p className="alert alert-error" role="alert">
            {translate(failure.key, failure.args)}
          </p>
        )}
        {blockedUntil !== null && (
          <p className={`alert ${blockedSeconds > 0 ? 'alert-error' : 'alert-info'}`} role="alert" data-testid="blocked">
            {blockedSeconds > 0 ? translate('login.blockedFor', { time: formatWait(blockedSeconds) }) : translate('login.blockedOver')}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="login">{translate('login.login')}</label>
        <input
          id="login"
          name="login"
          autoComplete="username"
          required
          value={login}
          onChange={(e) => setLogin(e.target.value)}
          autoFocus
        />
      </div>
      <div className="field">
        <label htmlFor="password">{translate('login.password')}</label>
        <input
          id="password"
          name="password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <div className="check">
        <input id="show-password" type="checkbox" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} />
        <label htmlFor="show-password">{translate('login.showPassword')}</label>
      </div>
      <button className="btn" type="submit" disabled={busy || blockedSeconds > 0 || !login || !password}>
        {translate(busy ? 'login.submitting' : 'login.submit')}
      </button>
      <div className="links">
        <button type="button" className="btn-link" onClick={() => onForgot('forgotPassword')}>
          {translate('login.forgotPassword')}
        </button>
        <button type="button" className="btn-link" onClick={() => onForgot('forgotLogin')}>
          {translate('login.forgotLogin')}
        </button>
      </div>
    </form>
  );
}
