import { Readable } from 'node:stream';
import type { FileStorage } from '@portal/files';
import type { FastifyRequest } from 'fastify';
import { readRawUpload, withUpload } from './raw-upload';

const upload = (body: unknown, length?: number) =>
  ({ body, headers: length === undefined ? {} : { 'content-length': String(length) } }) as unknown as FastifyRequest;

describe('readRawUpload', () => {
  it('reads a streamed body under the limit, and a buffered one as it is', async () => {
    expect((await readRawUpload(upload(Readable.from([Buffer.from('ab'), Buffer.from('cd')]), 4), 4)).toString()).toBe('abcd');
    expect((await readRawUpload(upload(Buffer.from('abc')), 4)).toString()).toBe('abc');
  });

  it('refuses a declared length over the limit after draining what the client sends', async () => {
    const body = Readable.from([Buffer.alloc(3), Buffer.alloc(3)]);
    await expect(readRawUpload(upload(body, 6), 4)).rejects.toMatchObject({ key: 'sizeLimitExceeded', params: { limit: 4 } });
    expect(body.readableEnded).toBe(true);
  });

  it('cuts a body without a length at the limit, and refuses a buffered one over it', async () => {
    await expect(readRawUpload(upload(Readable.from([Buffer.alloc(3), Buffer.alloc(3)])), 4)).rejects.toMatchObject({
      key: 'sizeLimitExceeded',
    });
    await expect(readRawUpload(upload(Buffer.alloc(5)), 4)).rejects.toMatchObject({ key: 'sizeLimitExceeded' });
  });

  it('answers cannotReadFile without a body', async () => {
    await expect(readRawUpload(upload(undefined), 4)).rejects.toMatchObject({ key: 'cannotReadFile' });
  });
});

describe('withUpload', () => {
  it('removes the stored upload when the service refuses it, keeps it otherwise', async () => {
    const deleted: string[] = [];
    const files = { delete: async (key: string) => void deleted.push(key) } as unknown as FileStorage;
    expect(await withUpload(files, 'kept', async () => 'ok')).toBe('ok');
    await expect(withUpload(files, 'refused', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(deleted).toEqual(['refused']);
  });
});
