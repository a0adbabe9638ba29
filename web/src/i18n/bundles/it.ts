import type { TranslationMessages } from 'ra-core';
import { rait as raMessages } from '../ra-it';
import { it } from '../it';

/** The whole it catalog: react-admin's messages and the portal's. Loaded on demand. */
export default { ...raMessages, ...it } as unknown as TranslationMessages;
