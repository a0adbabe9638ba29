import { Readable, Transform } from 'node:stream';
import { AppError } from '@portal/contracts';
import type { FileStorage } from '@portal/files';
import type { FastifyRequest } from 'fastify';

/**
 * The body of an upload route (useRawUploads hands it over as the request stream) read into memory
 * under the route's limit. A declared length over the limit is refused before anything is kept: what
 * the client still sends is read and thrown away (up to a few times the limit) so that it gets the
 * answer instead of a broken connection. A body without a length is cut at the limit.
 */
export async function readRawUpload(req: FastifyRequest, maxBytes: number): Promise<Buffer> {
  const body = req.body;
  if (Number(req.headers['content-length'] ?? 0) > maxBytes || (Buffer.isBuffer(body) && body.length > maxBytes)) {
    await drain(body, 4 * maxBytes);
    throw new AppError('sizeLimitExceeded', 'file too large', { limit: maxBytes });
  }
  if (Buffer.isBuffer(body)) return body;
  if (!(body instanceof Readable)) throw new AppError('cannotReadFile', 'no file in the body');
  const chunks: Buffer[] = [];
  for await (const chunk of body.pipe(limited(maxBytes))) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Fails the stream with sizeLimitExceeded past `max` bytes (the storage then removes what it wrote). */
export function limited(max: number): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      total += chunk.length;
      if (total > max) done(new AppError('sizeLimitExceeded', 'file too large', { limit: max }));
      else done(null, chunk);
    },
  });
}

/** Sends a stored upload on to its service; the upload is removed when the service did not take it. */
export async function withUpload<T>(files: FileStorage, key: string, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (e) {
    await files.delete(key).catch(() => undefined);
    throw e;
  }
}

/** Reads a refused body to its end without keeping it, up to `maxBytes`, then gives up. */
async function drain(body: unknown, maxBytes: number): Promise<void> {
  if (!(body instanceof Readable)) return;
  let seen = 0;
  try {
    for await (const chunk of body) {
      seen += (chunk as Buffer).length;
      if (seen > maxBytes) break;
    }
  } catch {
    /* the client went away: nothing to answer */
  }
}
