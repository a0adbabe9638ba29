import { useTranslate } from 'ra-core';
import { ApiError, errorKeyOf } from '../core/api';
import { formatBytes } from '../core/files';
import { useShortLocale } from '../stock/ui';

/**
 * The text of any API error in the user's language: `errors.<catalogue key>` with the error's params
 * (a size limit in readable units: "3 Mo").
 */
export function useErrorText() {
  const translate = useTranslate();
  const locale = useShortLocale();
  return (error: unknown) => {
    const key = errorKeyOf(error);
    const params = error instanceof ApiError ? { ...error.params } : {};
    if (key === 'sizeLimitExceeded' && typeof params.limit === 'number') params.limit = formatBytes(params.limit, locale);
    return translate(`errors.${key}`, params);
  };
}
