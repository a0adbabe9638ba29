import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AdminReferenceSubjects as S, Role, type LogoDto } from '@portal/contracts';
import { Db } from '@portal/db';
import { FileStorage, JPEG, PNG } from '@portal/files';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import sharp from 'sharp';
import { AdminServiceModule } from '../admin.module';
import { seedAdminDemo } from '../demo/seed';
import { LOGO_UPLOAD_FOLDER } from './logos.service';

const image = (width: number, height: number, format: 'png' | 'jpeg') => {
  const canvas = sharp({ create: { width, height, channels: 3, background: { r: 240, g: 120, b: 20 } } });
  return (format === 'png' ? canvas.png() : canvas.jpeg()).toBuffer();
};

describe('depositors’ logos', () => {
  let h: ServiceHarness;
  let files: FileStorage;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-logos-'));
  const previous = process.env.DATA_DIR;
  const admin = () => callerContext({ userId: 60, roles: [Role.ADMIN_DEPOSITOR] });
  const ownerOfB = () => callerContext({ userId: 61, roles: [Role.USER_CHANGE_OWN_LOGO], depositorIds: [2] });
  const upload = async (bytes: Buffer) =>
    (await files.put(bytes, { folder: LOGO_UPLOAD_FOLDER, maxBytes: 2 ** 21, accept: [PNG, JPEG] })).key;

  beforeAll(async () => {
    process.env.DATA_DIR = dataDir;
    h = await startServices([AdminServiceModule]);
    files = h.app.get(FileStorage);
    await seedAdminDemo(h.app.get<Db>(Db));
  });
  afterAll(async () => {
    await h.close();
    if (previous === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = previous;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps an administrator’s upload as a PNG fitting 300x150, proportions kept, the upload removed', async () => {
    const key = await upload(await image(1200, 300, 'jpeg'));
    const logo = await h.call<LogoDto>(S.logoSet, admin(), { depositorId: 1, upload: key });
    expect(logo.key).toMatch(/^admin\/logos\/.+\.png$/);
    const meta = await sharp(await files.read(logo.key)).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 300, height: 75 });
    expect(await files.exists(key)).toBe(false);
  });

  it('never enlarges a small logo, and replaces the previous file', async () => {
    const first = await h.call<LogoDto>(S.logoSet, admin(), { depositorId: 3, upload: await upload(await image(100, 400, 'png')) });
    expect(await sharp(await files.read(first.key)).metadata()).toMatchObject({ width: 38, height: 150 });
    const second = await h.call<LogoDto>(S.logoSet, admin(), { depositorId: 3, upload: await upload(await image(80, 40, 'png')) });
    expect(await sharp(await files.read(second.key)).metadata()).toMatchObject({ width: 80, height: 40 });
    expect(await files.exists(first.key)).toBe(false);
  });

  it('lets a user with the right set their own depositor’s logo, and only theirs', async () => {
    const logo = await h.call<LogoDto>(S.logoSetOwn, ownerOfB(), { upload: await upload(await image(600, 300, 'png')) });
    expect(logo.depositorId).toBe(2);
    const key = await upload(await image(10, 10, 'png'));
    await expect(h.call(S.logoSetOwn, ownerOfB(), { depositorId: 1, upload: key })).rejects.toMatchObject({ key: 'objectNotFound' });
    expect(await files.exists(key)).toBe(false);
    const noRight = callerContext({ roles: [Role.PGT_USER], depositorIds: [2] });
    await expect(h.call(S.logoSetOwn, noRight, { upload: key })).rejects.toMatchObject({ key: 'permissionDenied' });
    const twoDepositors = callerContext({ roles: [Role.USER_CHANGE_OWN_LOGO], depositorIds: [1, 2] });
    await expect(h.call(S.logoSetOwn, twoDepositors, { upload: key })).rejects.toMatchObject({ fields: { depositorId: 'required' } });
  });

  it('serves the logo to the depositor’s users only (404 to others and to a depositor without one)', async () => {
    expect(await h.call<LogoDto>(S.logoOf, callerContext({ depositorIds: [2] }), {})).toMatchObject({ depositorId: 2 });
    await expect(h.call(S.logoOf, callerContext({ depositorIds: [1] }), { depositorId: 2 })).rejects.toMatchObject({
      key: 'objectNotFound',
    });
    expect(await h.call<LogoDto>(S.logoOf, admin(), { depositorId: 2 })).toMatchObject({ depositorId: 2 });
    await h.call(S.logoRemove, admin(), { depositorId: 2 });
    await expect(h.call(S.logoOf, callerContext({ depositorIds: [2] }), {})).rejects.toMatchObject({ key: 'objectNotFound' });
  });

  it('refuses bytes that look like an image but do not decode, and an upload key it did not make', async () => {
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    await expect(h.call(S.logoSet, admin(), { depositorId: 1, upload: await upload(broken) })).rejects.toMatchObject({
      key: 'unexpectedFileContent',
    });
    await expect(h.call(S.logoSet, admin(), { depositorId: 1, upload: '../../etc/passwd' })).rejects.toMatchObject({
      key: 'cannotReadFile',
    });
  });

  it('lets DEMO-A’s own administrator set, read and remove DEMO-A’s logo only: DEMO-B’s answers 404 and is kept', async () => {
    const adminOfA = callerContext({ userId: 62, roles: [Role.ADMIN_DEPOSITOR], depositorIds: [1] });
    const ofB = await h.call<LogoDto>(S.logoSet, admin(), { depositorId: 2, upload: await upload(await image(20, 10, 'png')) });
    const key = await upload(await image(20, 10, 'png'));
    await expect(h.call(S.logoSet, adminOfA, { depositorId: 2, upload: key })).rejects.toMatchObject({ key: 'objectNotFound' });
    expect(await files.exists(key)).toBe(false);
    await expect(h.call(S.logoRemove, adminOfA, { depositorId: 2 })).rejects.toMatchObject({ key: 'objectNotFound' });
    await expect(h.call(S.logoOf, adminOfA, { depositorId: 2 })).rejects.toMatchObject({ key: 'objectNotFound' });
    expect(await h.call<LogoDto>(S.logoOf, admin(), { depositorId: 2 })).toMatchObject({ key: ofB.key });
    expect(await files.exists(ofB.key)).toBe(true);
    const own = await h.call<LogoDto>(S.logoSet, adminOfA, { depositorId: 1, upload: await upload(await image(20, 10, 'png')) });
    expect(await h.call<LogoDto>(S.logoOf, adminOfA, { depositorId: 1 })).toMatchObject({ key: own.key });
    expect(await h.call(S.logoRemove, adminOfA, { depositorId: 1 })).toEqual({ ok: true });
  });
});
