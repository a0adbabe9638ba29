import { useEffect, useState, useSyncExternalStore } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { getToken, sanitizeBackpath, subscribeSession } from '../core/session';
import { LanguageSelect } from './LanguageSelect';
import { LoginForm } from './LoginForm';
import { ForgotForm } from './ForgotForm';
import { onFirstMove } from '../i18n/provider';
import { warmShell } from './warmShell';

type Mode = 'login' | 'forgotPassword' | 'forgotLogin';

/**
 * The login screen (spec §2): login, forgotten password, forgotten login. Plain HTML and CSS, no
 * MUI: it is the first screen of the day and must show at once.
 */
export function LoginPage() {
  const translate = useTranslate();
  const [mode, setMode] = useState<Mode>('login');
  const [params] = useSearchParams();
  const token = useSyncExternalStore(subscribeSession, getToken);
  // The screens behind the sign-in load while the user types (after the form's first paint).
  useEffect(() => onFirstMove(warmShell), []);
  if (token) return <Navigate to={sanitizeBackpath(params.get('backpath'))} replace />;
  return (
    <main className="light-page" id="main">
      <div className="card">
        <div className="brand" aria-hidden="true">
          <span className="brand-mark" />
          {translate('app.title')}
        </div>
        {mode === 'login' ? <LoginForm onForgot={setMode} /> : <ForgotForm mode={mode} onBack={() => setMode('login')} />}
        <LanguageSelect />
      </div>
    </main>
  );
}
