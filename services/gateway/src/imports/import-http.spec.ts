import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from '@jest/globals';
import { limited } from '../http/raw-upload';

describe('import upload size limit', () => {
  it('passes a file up to the limit and fails past it with sizeLimitExceeded', async () => {
    const chunks: Buffer[] = [];
    const sink = async (source: AsyncIterable<Buffer>) => {
      for await (const c of source) chunks.push(c);
    };
    await pipeline(Readable.from([Buffer.alloc(3), Buffer.alloc(2)]), limited(5), sink);
    expect(Buffer.concat(chunks)).toHaveLength(5);
    await expect(pipeline(Readable.from([Buffer.alloc(3), Buffer.alloc(3)]), limited(5), sink)).rejects.toMatchObject({
      key: 'sizeLimitExceeded',
      status: 413,
      params: { limit: 5 },
    });
  });
});
