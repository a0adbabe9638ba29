import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  Role,
  TrackingSubjects,
  type DocumentFileDto,
  type OrderDetailDto,
  type OrderSearchPage,
  type StoredFileRef,
} from '@portal/contracts';
import { FileStorage } from '@portal/files';
import { startServices, type ServiceHarness } from '@portal/testing';
import { A, B, feedOrder, PDF_BYTES, PNG_BYTES, userOf, warehouse } from '../../test/fixtures';
import { TrackingServiceModule } from '../tracking.module';

const MANUAL = [Role.PGT_USER, Role.USER_MANUAL_DELIVERED_STATUS];
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe('manual classification, documents and PODs', () => {
  let h: ServiceHarness;
  let files: FileStorage;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracking-docs-'));
  const ids = new Map<string, number>();
  const idOf = (n: number, depositor = A) => ids.get(`CMD${depositor}${String(n).padStart(6, '0')}`)!;
  const detail = (id: number, ctx = userOf([A])) => h.call<OrderDetailDto>(TrackingSubjects.orderDetail, ctx, { id });
  const upload = async (bytes: Buffer, name: string): Promise<StoredFileRef> => {
    const stored = await files.put(bytes, { folder: 'tracking/documents', maxBytes: 1e6 });
    return { key: stored.key, name, contentType: stored.contentType, size: stored.size };
  };
  const classify = (ctx: ReturnType<typeof userOf>, data: Record<string, unknown>) => h.call(TrackingSubjects.classify, ctx, data);

  beforeAll(async () => {
    process.env.DATA_DIR = dataDir;
    h = await startServices([TrackingServiceModule]);
    files = h.get(FileStorage);
    const orders = [
      ...[1, 2, 3, 4, 5, 6].map((n) => feedOrder(n)),
      feedOrder(7, { statuses: [{ status: 30, at: '2026-11-10T09:00:00Z' }] }),
      feedOrder(1, { depositorId: B }),
    ];
    await h.call(TrackingSubjects.feedOrders, warehouse(), { orders });
    const page = await h.call<OrderSearchPage>(TrackingSubjects.searchOrders, userOf([A, B]), { range: [0, 99] });
    for (const o of page.items) ids.set(o.reference, o.id);
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  describe('classification', () => {
    it('classifies as delivered with a private comment and a POD', async () => {
      const pod = await upload(PNG_BYTES, 'signature.png');
      const at = minutesAgo(30);
      await classify(userOf([A], MANUAL), { id: idOf(1), as: 'delivered', at, comment: 'Laissé au gardien', commentPrivate: true, pod });
      const order = await detail(idOf(1), userOf([A], MANUAL));
      expect(order).toMatchObject({ status: 100, tracerStatus: 'DELIVERED', deliveredAt: new Date(at).toISOString() });
      expect(order.parcels.map((p) => p.status)).toEqual([100]);
      expect(order.history.at(-1)).toMatchObject({ status: 100, source: 'manual', comment: 'Laissé au gardien' });
      expect(order.documents.find((d) => d.type === 'POD')).toMatchObject({ name: 'signature.png', contentType: 'image/png' });
      // The private comment is its author's: another user of the depositor does not see it.
      expect((await detail(idOf(1), userOf([A], [Role.PGT_USER], 99))).history.at(-1)!.comment).toBeNull();
    });

    it('classifies as anomaly and as returned to sender', async () => {
      await classify(userOf([A], MANUAL), { id: idOf(2), as: 'anomaly', at: minutesAgo(15), comment: 'Colis endommagé' });
      expect(await detail(idOf(2))).toMatchObject({ status: 97, tracerStatus: 'ANOMALY', parcels: [{ status: 97 }] });
      await classify(userOf([A], MANUAL), { id: idOf(2), as: 'returned', at: minutesAgo(12) });
      expect(await detail(idOf(2))).toMatchObject({ status: 96, tracerStatus: 'SENDER_RETURN', parcels: [{ status: 96 }] });
      // Once returned, a parcel keeps its outcome.
      await classify(userOf([A], MANUAL), { id: idOf(2), as: 'delivered', at: minutesAgo(11) });
      expect(await detail(idOf(2))).toMatchObject({ status: 100, parcels: [{ status: 96 }] });
    });

    it('refuses each classification from a status it cannot follow (spec §8)', async () => {
      await expect(classify(userOf([A], MANUAL), { id: idOf(1), as: 'delivered', at: minutesAgo(20) })).rejects.toMatchObject({
        key: 'classificationDeliveredFailed',
      });
      await expect(classify(userOf([A], MANUAL), { id: idOf(1), as: 'anomaly', at: minutesAgo(20) })).rejects.toMatchObject({
        key: 'classificationUndeliveredFailed',
      });
      await expect(classify(userOf([A], MANUAL), { id: idOf(2), as: 'returned', at: minutesAgo(20) })).rejects.toMatchObject({
        key: 'classificationReturnedFailed',
      });
      await expect(classify(userOf([A], MANUAL), { id: idOf(7), as: 'delivered', at: minutesAgo(20) })).rejects.toMatchObject({
        key: 'classificationDeliveredFailed',
      });
    });

    it('wants a delivery date at least 10 minutes in the past', async () => {
      await expect(classify(userOf([A], MANUAL), { id: idOf(3), as: 'delivered', at: minutesAgo(5) })).rejects.toMatchObject({
        key: 'deliveryDateTooRecent',
        fields: { at: 'max' },
      });
      await expect(classify(userOf([A], MANUAL), { id: idOf(3), as: 'lost', at: 'x' })).rejects.toMatchObject({
        key: 'validationFailed',
        fields: { as: 'invalidFormat', at: 'invalidFormat' },
      });
    });

    it('refuses a second POD', async () => {
      await h.call(TrackingSubjects.addDocument, userOf([A], [Role.USER_ADD_DOCUMENT]), {
        id: idOf(3),
        type: 'POD',
        file: await upload(PDF_BYTES, 'pod.pdf'),
      });
      const pod = await upload(PNG_BYTES, 'pod2.png');
      await expect(classify(userOf([A], MANUAL), { id: idOf(3), as: 'delivered', at: minutesAgo(11), pod })).rejects.toMatchObject({
        key: 'podAlreadyPresent',
      });
      expect((await detail(idOf(3))).status).toBe(90);
    });

    it('needs USER_MANUAL_DELIVERED_STATUS and the order’s depositor', async () => {
      await expect(classify(userOf([A]), { id: idOf(4), as: 'delivered', at: minutesAgo(20) })).rejects.toMatchObject({
        key: 'permissionDenied',
      });
      await expect(classify(userOf([B], MANUAL), { id: idOf(4), as: 'delivered', at: minutesAgo(20) })).rejects.toMatchObject({
        key: 'deliveryNotFound',
      });
      expect((await detail(idOf(4))).status).toBe(90);
    });
  });

  describe('documents', () => {
    it('renders the delivery note on first download, then serves the stored file', async () => {
      const order = await detail(idOf(5));
      const note = order.documents.find((d) => d.type === 'DELIVERY_NOTE')!;
      const file = await h.call<DocumentFileDto>(TrackingSubjects.documentFile, userOf([A]), { id: idOf(5), documentId: note.id });
      expect(file).toMatchObject({ name: 'BL-5.pdf', contentType: 'application/pdf' });
      expect((await files.read(file.key)).subarray(0, 5).toString()).toBe('%PDF-');
      expect(await h.call(TrackingSubjects.documentFile, userOf([A]), { id: idOf(5), documentId: note.id })).toEqual(file);
    });

    it('keeps documents of another depositor out of reach, even with the URL', async () => {
      const note = (await detail(idOf(5))).documents[0];
      await expect(h.call(TrackingSubjects.documentFile, userOf([B]), { id: idOf(5), documentId: note.id })).rejects.toMatchObject({
        key: 'documentNotFound',
      });
      await expect(h.call(TrackingSubjects.documentFile, userOf([A]), { id: idOf(6), documentId: note.id })).rejects.toMatchObject({
        key: 'documentNotFound',
      });
      await expect(h.call(TrackingSubjects.documentFile, userOf([A]), { id: idOf(5), documentId: 'nope' })).rejects.toMatchObject({
        key: 'documentNotFound',
      });
    });

    it('adds documents with USER_ADD_DOCUMENT and deletes them by the own/any rights', async () => {
      const author = userOf([A], [Role.USER_ADD_DOCUMENT, Role.USER_DELETE_OWN_DOCUMENT], 21);
      const { id } = await h.call<{ id: string }>(TrackingSubjects.addDocument, author, {
        id: idOf(6),
        type: 'INVOICE',
        file: await upload(PDF_BYTES, 'facture.pdf'),
      });
      const other = userOf([A], [Role.USER_DELETE_OWN_DOCUMENT], 22);
      // The detail tells each user which uploads are theirs (the web shows "delete" on those only).
      const mineOf = async (userId: number) =>
        (await detail(idOf(6), userOf([A], [Role.PGT_USER], userId))).documents.map((d) => [d.type, d.mine]);
      expect(await mineOf(21)).toEqual([
        ['DELIVERY_NOTE', false],
        ['INVOICE', true],
      ]);
      expect(await mineOf(22)).toEqual([
        ['DELIVERY_NOTE', false],
        ['INVOICE', false],
      ]);
      await expect(h.call(TrackingSubjects.deleteDocument, other, { id: idOf(6), documentId: id })).rejects.toMatchObject({
        key: 'permissionDenied',
      });
      await expect(
        h.call(TrackingSubjects.deleteDocument, userOf([B], [Role.USER_DELETE_ANY_DOCUMENT]), { id: idOf(6), documentId: id }),
      ).rejects.toMatchObject({
        key: 'documentNotFound',
      });
      await h.call(TrackingSubjects.deleteDocument, author, { id: idOf(6), documentId: id });
      expect((await detail(idOf(6))).documents.map((d) => d.type)).toEqual(['DELIVERY_NOTE']);
      const { id: second } = await h.call<{ id: string }>(TrackingSubjects.addDocument, author, {
        id: idOf(6),
        type: 'FLASH',
        file: await upload(PNG_BYTES, 'flash.png'),
      });
      await h.call(TrackingSubjects.deleteDocument, userOf([A], [Role.USER_DELETE_ANY_DOCUMENT], 23), { id: idOf(6), documentId: second });
      await expect(h.call(TrackingSubjects.addDocument, userOf([A]), { id: idOf(6), type: 'FLASH', file: {} })).rejects.toMatchObject({
        key: 'permissionDenied',
      });
      await expect(h.call(TrackingSubjects.addDocument, author, { id: idOf(6), type: 'MEMO', file: {} })).rejects.toMatchObject({
        key: 'validationFailed',
      });
    });

    it('refuses to delete a document of the warehouse feed (documentDeleteFailed)', async () => {
      const note = (await detail(idOf(6))).documents[0];
      await expect(
        h.call(TrackingSubjects.deleteDocument, userOf([A], [Role.USER_DELETE_ANY_DOCUMENT]), { id: idOf(6), documentId: note.id }),
      ).rejects.toMatchObject({
        key: 'documentDeleteFailed',
      });
    });

    it('deletes PODs with USER_DELETE_POD; none left is nothingToRemove', async () => {
      const pod = (await detail(idOf(3))).documents.find((d) => d.type === 'POD')!;
      await expect(
        h.call(TrackingSubjects.deleteDocument, userOf([A], [Role.USER_DELETE_ANY_DOCUMENT]), { id: idOf(3), documentId: pod.id }),
      ).rejects.toMatchObject({
        key: 'permissionDenied',
      });
      expect(await h.call(TrackingSubjects.deletePods, userOf([A], [Role.USER_DELETE_POD]), { id: idOf(3) })).toEqual({ removed: 1 });
      await expect(h.call(TrackingSubjects.deletePods, userOf([A], [Role.USER_DELETE_POD]), { id: idOf(3) })).rejects.toMatchObject({
        key: 'nothingToRemove',
      });
    });
  });
});
