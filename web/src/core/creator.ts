import { useCallback } from 'react';
import { useTranslate } from 'ra-core';
import { apiKeyCreatorName } from '@portal/contracts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * How a recorded creator reads on every screen that shows one (Huby and Loop lists and details, a
 * shipment's history, the audit trail): a login as it is, an API key as "Clé d’API : <its name>"
 * (contracts creatorOf writes both); nothing recorded reads as an empty string.
 */
export function creatorText(creator: string | null | undefined, translate: Translate): string {
  if (!creator) return '';
  const key = apiKeyCreatorName(creator);
  return key === null ? creator : translate('common.apiKeyCreator', { name: key });
}

export function useCreatorText(): (creator: string | null | undefined) => string {
  const translate = useTranslate();
  return useCallback((creator) => creatorText(creator, translate), [translate]);
}
