import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalFileStorage } from './storage';
import { sniffContentType } from './content-type';

const pdf = Buffer.from('%PDF-1.4\n%…\n');
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]);

describe('file storage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-files-'));
  const storage = new LocalFileStorage(root);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('reads the content type from the bytes', () => {
    expect(sniffContentType(pdf)).toBe('application/pdf');
    expect(sniffContentType(png)).toBe('image/png');
    expect(sniffContentType(jpeg)).toBe('image/jpeg');
    expect(sniffContentType(Buffer.from('GIF89a'))).toBeNull();
  });

  it('stores, reads and deletes a file under its folder', async () => {
    const stored = await storage.put(pdf, { folder: 'tracking/documents', maxBytes: 1000 });
    expect(stored).toMatchObject({ contentType: 'application/pdf', size: pdf.length });
    expect(stored.key).toMatch(/^tracking\/documents\/.+\.pdf$/);
    expect(await storage.read(stored.key)).toEqual(pdf);
    await storage.delete(stored.key);
    expect(await storage.exists(stored.key)).toBe(false);
  });

  it('refuses a named PDF that is not one, and a file over the limit', async () => {
    await expect(storage.put(Buffer.from('<html>'), { folder: 'x', maxBytes: 1000 })).rejects.toMatchObject({
      key: 'unexpectedFileContent',
    });
    await expect(storage.put(png, { folder: 'x', maxBytes: 1000, accept: ['application/pdf'] })).rejects.toMatchObject({
      key: 'unexpectedFileContent',
    });
    await expect(storage.put(pdf, { folder: 'x', maxBytes: 4 })).rejects.toMatchObject({ key: 'sizeLimitExceeded', params: { limit: 4 } });
    await expect(storage.put(Buffer.alloc(0), { folder: 'x', maxBytes: 4 })).rejects.toMatchObject({ key: 'cannotReadFile' });
  });

  it('refuses keys that would leave the root', async () => {
    await expect(storage.read('../../etc/passwd')).rejects.toMatchObject({ key: 'objectNotFound' });
  });
});
