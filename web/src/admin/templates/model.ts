import { ApiError } from '../../core/api';

/** Where the server says a template fails (templateLoadingFailure params), or null for any other error. */
export interface TemplateFault {
  where: 'subject' | 'body';
  line?: number;
  detail: string;
}

export function templateFaultOf(error: unknown): TemplateFault | null {
  if (!(error instanceof ApiError) || error.key !== 'templateLoadingFailure') return null;
  const { where, line, detail } = error.params as { where?: unknown; line?: unknown; detail?: unknown };
  if (where !== 'subject' && where !== 'body') return null;
  return { where, detail: typeof detail === 'string' ? detail : '', ...(typeof line === 'number' ? { line } : {}) };
}

/** A preview as the iframe shows it: the rendered HTML in a page of its own, in the language it is written in. */
export function previewDocument(html: string, locale: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><style>body{font-family:system-ui,sans-serif;font-size:14px;margin:12px;color:#222;background:#fff}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}</style></head><body>${html}</body></html>`;
}
