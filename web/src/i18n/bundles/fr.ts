import type { TranslationMessages } from 'ra-core';
import frenchMessages from 'ra-language-french';
import { fr } from '../fr';

/** The whole fr catalog: react-admin's messages and the portal's. Loaded at once, beside the login page. */
export default { ...frenchMessages, ...fr } as unknown as TranslationMessages;
