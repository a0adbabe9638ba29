import { BusClient } from '@portal/bus';
import { LOGO_UPLOAD_MAX_BYTES, type CallerContext, type ListDeclaration, type ListPage } from '@portal/contracts';
import { FileStorage, JPEG, PNG } from '@portal/files';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { firstRow, listRequest, sendListPage, type ListQuery } from '../http/list-query';
import { readRawUpload } from '../http/raw-upload';

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
  const bytes = await readRawUpload(req, LOGO_UPLOAD_MAX_BYTES);
  const stored = await files.put(bytes, { folder: LOGO_UPLOAD_FOLDER, maxBytes: LOGO_UPLOAD_MAX_BYTES, accept: [PNG, JPEG] });
  return stored.key;
}
