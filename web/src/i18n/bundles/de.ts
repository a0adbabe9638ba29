import type { TranslationMessages } from 'ra-core';
import { rade as raMessages } from '../ra-de';
import { de } from '../de';

/** The whole de catalog: react-admin's messages and the portal's. Loaded on demand. */
export default { ...raMessages, ...de } as unknown as TranslationMessages;
