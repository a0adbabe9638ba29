import { Readable } from 'node:stream';
import { BusClient } from '@portal/bus';
import { AppError, LOGO_UPLOAD_MAX_BYTES, type CallerContext, type ListDeclaration, type ListPage } from '@portal/contracts';
import { FileStorage, JPEG, PNG } from '@portal/files';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { firstRow, listRequest, sendListPage, type ListQuery } from '../http/list-query';
import { limited } from '../imports/import-http';

export type Json = Record<string, unknown>;
export const object = (body: unknown): Json => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Json) : {});

/** A back-office list: the kit's request checked here, the page answered with its headers. */
export async function listOf<T>(
  bus: BusClient,
  ctx: CallerContext,
  list: ListDeclaration,
  subject: string,
  query: ListQuery,
  res: FastifyReply,
): Promise<T[]> {
  const request = await listRequest(bus, ctx, list, query);
  const page = await bus.request<ListPage<T>>(subject, ctx, request);
  return sendListPage(list.resource, res, page, firstRow(request));
}

/** The logo upload routes: their body reaches the handler as the raw request stream (see useRawUploads). */
export const LOGO_UPLOAD = /^\/api\/(admin\/)?depositors\/[^/]+\/logo$/;
export const LOGO_UPLOAD_FOLDER = 'admin/logo-uploads';

/**
 * An uploaded logo stored as it came (PNG or JPEG read from the bytes, at most 2 MB) for the admin
 * service to resize; answers its key. What is refused is stored nowhere.
 */
export async function storeLogoUpload(files: FileStorage, req: FastifyRequest): Promise<string> {
  if (Number(req.headers['content-length'] ?? 0) > LOGO_UPLOAD_MAX_BYTES) {
    await discard(req.body, 4 * LOGO_UPLOAD_MAX_BYTES);
    throw new AppError('sizeLimitExceeded', 'file too large', { limit: LOGO_UPLOAD_MAX_BYTES });
  }
  const bytes = await bodyBytes(req.body);
  const stored = await files.put(bytes, { folder: LOGO_UPLOAD_FOLDER, maxBytes: LOGO_UPLOAD_MAX_BYTES, accept: [PNG, JPEG] });
  return stored.key;
}

/** Sends the upload to the admin service; the upload is removed when the service did not take it. */
export async function withUpload<T>(files: FileStorage, key: string, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (e) {
    await files.delete(key).catch(() => undefined);
    throw e;
  }
}

async function bodyBytes(body: unknown): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  if (!(body instanceof Readable)) throw new AppError('cannotReadFile', 'no file in the body');
  const chunks: Buffer[] = [];
  for await (const chunk of body.pipe(limited(LOGO_UPLOAD_MAX_BYTES))) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Reads a refused body to its end without keeping it (so the client gets the answer), up to `maxBytes`. */
async function discard(body: unknown, maxBytes: number): Promise<void> {
  if (!(body instanceof Readable)) return;
  let seen = 0;
  try {
    for await (const chunk of body) {
      seen += (chunk as Buffer).length;
      if (seen > maxBytes) break;
    }
  } catch {
    /* the client went away */
  }
}
