import { useState } from 'react';
import { useTranslate } from 'ra-core';
import { checkHealth } from '../core/serverStatus';

function useRetry() {
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    await checkHealth();
    setBusy(false);
  };
  return { busy, retry };
}

/** Spec §8 service-unavailable banner: stays on top of the page while the API is unreachable. */
export function ServiceUnavailableBanner() {
  const translate = useTranslate();
  const { busy, retry } = useRetry();
  return (
    <div className="banner-down" role="alert">
      <strong>{translate('errors.serverUnavailable')}</strong>
      <button type="button" className="btn-link" style={{ color: '#000' }} onClick={retry} disabled={busy}>
        {translate(busy ? 'server.retrying' : 'server.retry')}
      </button>
    </div>
  );
}

/** Spec §2 service-unavailable page. Plain HTML: it must render even when no chunk can load. */
export function ServiceUnavailablePage() {
  const translate = useTranslate();
  const { busy, retry } = useRetry();
  return (
    <main className="light-page" id="main">
      <div className="card" data-testid="service-unavailable">
        <h1>{translate('server.unavailableTitle')}</h1>
        <p className="help">{translate('server.unavailableText')}</p>
        <button type="button" className="btn" onClick={retry} disabled={busy}>
          {translate(busy ? 'server.retrying' : 'server.retry')}
        </button>
      </div>
    </main>
  );
}
