import { useTranslate } from 'ra-core';

export function Loading() {
  const translate = useTranslate();
  return (
    <div className="loading" role="status">
      {translate('app.loading')}
    </div>
  );
}

export function PageError() {
  const translate = useTranslate();
  return (
    <div className="loading" role="alert">
      {translate('errors.unexpectedError')}
    </div>
  );
}
