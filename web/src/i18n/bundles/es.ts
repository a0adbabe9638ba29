import type { TranslationMessages } from 'ra-core';
import { raes as raMessages } from '../ra-es';
import { es } from '../es';

/** The whole es catalog: react-admin's messages and the portal's. Loaded on demand. */
export default { ...raMessages, ...es } as unknown as TranslationMessages;
