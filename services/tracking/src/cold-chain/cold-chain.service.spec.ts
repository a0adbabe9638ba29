import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BusClient } from '@portal/bus';
import {
  AppError,
  TrackingSubjects,
  type ColdChainDocumentDto,
  type DocumentFileDto,
  type OrderDetailDto,
  type OrderSearchPage,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { FileStorage } from '@portal/files';
import { FeverServiceModule } from '@portal/service-fever';
import { startServices, type ServiceHarness } from '@portal/testing';
import { COLD_STAY, insertColdRoom } from '../../../../tests/support/cold-chain-readings';
import { A, B, feedOrder, userOf, warehouse } from '../../test/fixtures';
import type { DocumentsRepository } from '../documents/documents.repository';
import { TrackingServiceModule } from '../tracking.module';
import type { ColdChainRepository, OrderStayRow } from './cold-chain.repository';
import { certificateRequest, ColdChainService } from './cold-chain.service';

describe('cold-chain certificate of an order', () => {
  let h: ServiceHarness;
  let files: FileStorage;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracking-cold-'));
  const ids = new Map<string, number>();
  const cold = { platformId: 12, storeCode: 'FROID-2-8', createdAt: '2026-11-20T08:00:00Z', dates: COLD_STAY };
  const certify = (id: number, ctx = userOf([B])) => h.call<ColdChainDocumentDto>(TrackingSubjects.coldChainCertificate, ctx, { id });
  const coldDocs = async (id: number) =>
    (await h.call<OrderDetailDto>(TrackingSubjects.orderDetail, userOf([A, B]), { id })).documents.filter((d) => d.type === 'COLD_CHAIN');

  beforeAll(async () => {
    process.env.DATA_DIR = dataDir;
    h = await startServices([TrackingServiceModule, FeverServiceModule]);
    files = h.get(FileStorage);
    const fever = h.app.select(FeverServiceModule).get(Db);
    await insertColdRoom((sql, params) => fever.system.query(sql, params));
    await h.call(TrackingSubjects.feedOrders, warehouse(), {
      orders: [
        feedOrder(1, { depositorId: B, ...cold }),
        feedOrder(2, { depositorId: B, ...cold, storeCode: 'MAG-SEC', dates: { receivedAt: COLD_STAY.receivedAt } }),
        feedOrder(3, { depositorId: B, ...cold, platformId: undefined }),
        feedOrder(4, { depositorId: A, ...cold }),
      ],
    });
    const page = await h.call<OrderSearchPage>(TrackingSubjects.searchOrders, userOf([A, B]), { range: [0, 99] });
    for (const o of page.items) ids.set(o.reference, o.id);
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const idOf = (n: number, depositor = B) => ids.get(`CMD${depositor}${String(n).padStart(6, '0')}`)!;

  it('stores the certificate as the order’s COLD_CHAIN document, a newer one replacing it', async () => {
    const first = await certify(idOf(1));
    expect(first).toMatchObject({ verdict: 'notConforming', provisional: false, zones: ['FROID-2-8'] });
    expect(first.name).toBe(`certificat-chaine-du-froid-CMD2000001.pdf`);
    const [doc] = await coldDocs(idOf(1));
    expect(doc).toMatchObject({ id: first.documentId, name: first.name, contentType: 'application/pdf', createdBy: null, mine: false });
    const file = await h.call<DocumentFileDto>(TrackingSubjects.documentFile, userOf([B]), { id: idOf(1), documentId: doc.id });
    const bytes = await files.read(file.key);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const second = await certify(idOf(1), userOf([B], ['PGT_USER'], 12));
    expect(second.documentId).not.toBe(first.documentId);
    expect((await coldDocs(idOf(1))).map((d) => d.id)).toEqual([second.documentId]);
    await expect(files.read(file.key)).rejects.toBeDefined();
    // Asked twice at once: one certificate stays.
    const both = await Promise.all([certify(idOf(1)), certify(idOf(1))]);
    const kept = await coldDocs(idOf(1));
    expect(kept).toHaveLength(1);
    expect(both.map((b) => b.documentId)).toContain(kept[0].id);
  });

  it('keeps a generated certificate from being deleted: it is replaced', async () => {
    const [doc] = await coldDocs(idOf(1));
    await expect(
      h.call(TrackingSubjects.deleteDocument, userOf([B], ['USER_DELETE_ANY_DOCUMENT']), { id: idOf(1), documentId: doc.id }),
    ).rejects.toMatchObject({ key: 'documentDeleteFailed' });
  });

  it('answers coldChainNoProbes, storing nothing, when the order’s store or platform names no zone with probes', async () => {
    await expect(certify(idOf(2))).rejects.toMatchObject({ key: 'coldChainNoProbes', params: { platformId: 12, store: 'MAG-SEC' } });
    await expect(certify(idOf(3))).rejects.toMatchObject({ key: 'coldChainNoProbes' });
    expect(await coldDocs(idOf(2))).toEqual([]);
    expect(await coldDocs(idOf(3))).toEqual([]);
  });

  it('answers deliveryNotFound to another depositor’s user, and needs PGT_USER', async () => {
    await expect(certify(idOf(1), userOf([A]))).rejects.toMatchObject({ key: 'deliveryNotFound' });
    await expect(certify(idOf(4, A), userOf([B]))).rejects.toMatchObject({ key: 'deliveryNotFound' });
    await expect(certify(idOf(1), userOf([B], ['TRACERROUTE_USER']))).rejects.toMatchObject({ key: 'permissionDenied' });
    await expect(certify(Number.MAX_SAFE_INTEGER)).rejects.toMatchObject({ key: 'deliveryNotFound' });
    expect(await coldDocs(idOf(4, A))).toEqual([]);
  });
});

describe('cold-chain certificate when fever cannot answer', () => {
  const order: OrderStayRow = {
    id: '5',
    depositor_id: 2,
    depositor_code: 'DEMO-B',
    reference: 'CMD5',
    customer_reference: null,
    platform_id: 12,
    store_code: 'FROID-2-8',
    created_at: new Date('2026-11-20T08:00:00Z'),
    received_at: null,
    shipped_at: null,
  };
  const ctx = userOf([B]);

  it('answers coldChainUnavailable and stores nothing; passes fever’s own refusals', async () => {
    let stored = 0;
    const service = (request: () => Promise<unknown>) =>
      new ColdChainService(
        { stay: async () => order } as unknown as ColdChainRepository,
        {} as DocumentsRepository,
        { put: async () => void stored++ } as unknown as FileStorage,
        { request } as unknown as BusClient,
      );
    await expect(
      service(() => Promise.reject(new AppError('serverUnavailable', 'no responders'))).certify(ctx, { id: 5 }),
    ).rejects.toMatchObject({
      key: 'coldChainUnavailable',
      status: 503,
    });
    await expect(service(() => Promise.reject(new Error('socket closed'))).certify(ctx, { id: 5 })).rejects.toMatchObject({
      key: 'coldChainUnavailable',
    });
    await expect(service(() => Promise.reject(new AppError('coldChainNoProbes'))).certify(ctx, { id: 5 })).rejects.toMatchObject({
      key: 'coldChainNoProbes',
    });
    expect(stored).toBe(0);
  });

  it('takes the stay from the reception (else the creation) to the shipping (else now, provisional)', () => {
    const now = new Date('2026-11-21T09:00:00Z');
    expect(certificateRequest(ctx, order, now)).toMatchObject({
      from: '2026-11-20T08:00:00.000Z',
      to: '2026-11-21T09:00:00.000Z',
      provisional: true,
      store: 'FROID-2-8',
      locale: 'fr_FR',
      timezone: 'Europe/Paris',
    });
    const shipped = { ...order, received_at: new Date('2026-11-20T10:00:00Z'), shipped_at: new Date('2026-11-20T13:00:00Z') };
    expect(certificateRequest(ctx, shipped, now)).toMatchObject({
      from: '2026-11-20T10:00:00.000Z',
      to: '2026-11-20T13:00:00.000Z',
      provisional: false,
    });
  });
});
