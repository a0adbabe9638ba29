import { useTranslate } from 'ra-core';
import { alertParams, ApiError, errorKeyOf } from '../core/api';
import { formatBytes } from '../core/files';
import { useShortLocale } from '../stock/ui';

/**
 * The text of any API error in the user's language: `errors.<catalogue key>` with the error's params
 * (a size limit in readable units: "3 Mo"), and a carrier's own words after its refusal.
 */
export function useErrorText() {
  const translate = useTranslate();
  const locale = useShortLocale();
  return (error: unknown) => {
    const key = errorKeyOf(error);
    const params = error instanceof ApiError ? alertParams(error.params) : {};
    if (key === 'sizeLimitExceeded' && typeof params.limit === 'number') params.limit = formatBytes(params.limit, locale);
    const text = translate(`errors.${key}`, params);
    // A carrier's refusal also gives the carrier's own words (its code is in the key's text).
    return typeof params.carrier === 'string' && typeof params.message === 'string' && params.message
      ? `${text} ${translate('common.carrierSays', { carrier: params.carrier, message: params.message })}`
      : text;
  };
}
