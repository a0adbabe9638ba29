import { Readable } from 'node:stream';

/**
 * The first non-empty chunk of a stream (to tell a file's type from its bytes) and the whole stream
 * again, that chunk included, without reading the rest: null when the stream is empty.
 */
export async function peekStream(source: Readable): Promise<{ head: Buffer | null; rest: Readable }> {
  const iterator = source[Symbol.asyncIterator]();
  let first = await iterator.next();
  while (!first.done && !(first.value as Buffer).length) first = await iterator.next();
  if (first.done) return { head: null, rest: source };
  const head = Buffer.from(first.value as Buffer);
  const rest = Readable.from(
    (async function* () {
      yield head;
      for (let r = await iterator.next(); !r.done; r = await iterator.next()) yield r.value as Buffer;
    })(),
  );
  return { head, rest };
}

/** XLSX files are ZIP archives: they start with the local file header signature PK\x03\x04. */
export const isZip = (head: Uint8Array): boolean =>
  head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
