import type * as ContentDisposition from 'content-disposition' with { 'resolution-mode': 'import' };

// content-disposition ships ES modules only: Node 24 require()s them, TypeScript's node16 mode cannot import them.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { create } = require('content-disposition') as typeof ContentDisposition;

/** The Content-Disposition of a download saved as `name` (RFC 6266; `filename*` keeps non-ASCII names). */
export const attachment = (name: string): string => create(name);
