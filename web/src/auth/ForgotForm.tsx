import { useState, type FormEvent } from 'react';
import { useTranslate } from 'ra-core';
import { api, errorKeyOf } from '../core/api';

/**
 * Forgotten password or login: one e-mail field. The server answers the same whether the address
 * exists or not, and so does this screen.
 */
export function ForgotForm({ mode, onBack }: { mode: 'forgotPassword' | 'forgotLogin'; onBack: () => void }) {
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; key: string } | null>(null);
  const path = mode === 'forgotPassword' ? '/auth/password/forgot' : '/auth/login/forgot';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await api(path, { method: 'POST', body: { email: email.trim() }, anonymous: true });
      setResult({ ok: true, key: 'messages.mailSentIfKnown' });
    } catch (error) {
      setResult({ ok: false, key: `errors.${errorKeyOf(error)}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="forgot-title">
      <h1 id="forgot-title">{translate(`login.${mode}Title`)}</h1>
      <p className="help">{translate(`login.${mode}Help`)}</p>
      {result && (
        <p className={`alert ${result.ok ? 'alert-success' : 'alert-error'}`} role={result.ok ? 'status' : 'alert'}>
          {translate(result.key)}
        </p>
      )}
      <div className="field">
        <label htmlFor="forgot-email">{translate('login.email')}</label>
        <input
          id="forgot-email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoFocus
        />
      </div>
      <button className="btn" type="submit" disabled={busy || !email.includes('@')}>
        {translate('login.send')}
      </button>
      <div className="links">
        <button type="button" className="btn-link" onClick={onBack}>
          {translate('login.backToLogin')}
        </button>
      </div>
    </form>
  );
}
