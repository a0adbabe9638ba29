import type { TranslationMessages } from 'ra-core';
import raMessages from 'ra-language-english';
import { en } from '../en';

/** The whole en catalog: react-admin's messages and the portal's. Loaded on demand. */
export default { ...raMessages, ...en } as unknown as TranslationMessages;
