import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
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

  it('stores a generated file from a stream, lists it once complete, and leaves nothing when the stream fails', async () => {
    const stored = await storage.putGenerated(Readable.from(['a;b\r\n', '1;2\r\n']), { folder: 'exports/u1/orders', extension: 'csv' });
    expect(stored.key).toMatch(/^exports\/u1\/orders\/[0-9a-f-]{36}\.csv$/);
    expect((await storage.read(stored.key)).toString()).toBe('a;b\r\n1;2\r\n');
    const listed = await storage.list('exports/u1');
    expect(listed.map(({ key, size }) => ({ key, size }))).toEqual([{ key: stored.key, size: 10 }]);
    expect(Math.abs(listed[0].modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
    const failing = new Readable({
      read() {
        this.push('half');
        this.destroy(new Error('bus down'));
      },
    });
    await expect(storage.putGenerated(failing, { folder: 'exports/u1/orders', extension: 'xlsx' })).rejects.toThrow('bus down');
    expect((await storage.list('exports')).map((f) => f.key)).toEqual([stored.key]);
    expect(fs.readdirSync(path.join(root, 'exports', 'u1', 'orders'))).toHaveLength(1);
    expect(await storage.list('exports/nobody')).toEqual([]);
  });

  it('deletes the unfinished writes a dead writer left, once older than the date given, and nothing else', async () => {
    const folder = path.join(root, 'exports', 'u2', 'stock');
    fs.mkdirSync(folder, { recursive: true });
    const complete = await storage.putGenerated(Readable.from(['x\r\n']), { folder: 'exports/u2/stock', extension: 'csv' });
    const id = '7d0c2f0e-9a43-4b59-9d4e-2f1b7c0a1e11';
    const stale = path.join(folder, `${id}.xlsx.0b7e6f58-1d1e-4d8b-8c55-0f3f4b3b6a01.part`);
    const live = path.join(folder, `${id}.xlsx.5a0f0b0e-6f3c-4a77-9a5e-3c1d2b4e5f60.part`);
    const foreign = path.join(folder, 'notes.part');
    for (const file of [stale, live, foreign]) fs.writeFileSync(file, 'half');
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    for (const file of [stale, foreign]) fs.utimesSync(file, dayAgo, dayAgo);
    expect(await storage.removeUnfinished('exports', new Date(Date.now() - 24 * 3600_000))).toBe(1);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(live)).toBe(true);
    expect(fs.existsSync(foreign)).toBe(true);
    expect(await storage.exists(complete.key)).toBe(true);
    expect(await storage.removeUnfinished('nothing/here', new Date())).toBe(0);
    await expect(storage.removeUnfinished('../etc', new Date())).rejects.toThrow('invalid storage folder');
  });
});
