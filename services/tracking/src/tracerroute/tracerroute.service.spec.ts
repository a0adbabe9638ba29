import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  Role,
  SERIAL_SEARCH_MAX,
  TrackingSubjects,
  type DocumentFileDto,
  type OrderDetailDto,
  type OrderSearchPage,
  type SerialSearchPage,
  type TracerStatusCountsDto,
} from '@portal/contracts';
import { FileStorage } from '@portal/files';
import { startServices, type ServiceHarness } from '@portal/testing';
import { A, B, feedOrder, PNG_BYTES, userOf, warehouse } from '../../test/fixtures';
import { TrackingServiceModule } from '../tracking.module';

const TRACER = [Role.TRACERROUTE_USER];
const BULK = [Role.TRACERROUTE_USER, Role.USER_BULK_POD];
const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

describe('Tracer Route and Serial Tracker', () => {
  let h: ServiceHarness;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracking-tracer-'));
  const ids = new Map<string, number>();
  const idOf = (n: number, depositor = A) => ids.get(`CMD${depositor}${String(n).padStart(6, '0')}`)!;
  const detail = (id: number, ctx = userOf([A], TRACER)) => h.call<OrderDetailDto>(TrackingSubjects.orderDetail, ctx, { id });
  const byTracer = (tracerStatus: string, ctx = userOf([A], TRACER)) =>
    h.call<OrderSearchPage>(TrackingSubjects.searchOrders, ctx, { filter: { tracerStatus }, range: [0, 99] });

  beforeAll(async () => {
    process.env.DATA_DIR = dataDir;
    h = await startServices([TrackingServiceModule]);
    const future = { promisedDeliveryAt: hoursFromNow(48) };
    const orders = [
      feedOrder(1, { dates: future }),
      feedOrder(2, { dates: future, parcels: [] }),
      feedOrder(3), // promised in the past: late
      feedOrder(4, { dates: future }),
      feedOrder(5, { statuses: [{ status: -1, at: '2026-11-10T09:00:00Z' }] }),
      feedOrder(1, { depositorId: B, dates: future }),
    ];
    await h.call(TrackingSubjects.feedOrders, warehouse(), { orders });
    for (const o of (await h.call<OrderSearchPage>(TrackingSubjects.searchOrders, userOf([A, B]), { range: [0, 99] })).items)
      ids.set(o.reference, o.id);
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists deliveries by Tracer Route status, late ones from their promised date', async () => {
    expect((await byTracer('SHIPPED')).items.map((o) => o.reference).sort()).toEqual(['CMD1000001', 'CMD1000004']);
    expect((await byTracer('SHIPPED_NO_CARRIER_INFO')).items.map((o) => o.reference)).toEqual(['CMD1000002']);
    expect((await byTracer('LATE')).items.map((o) => o.reference)).toEqual(['CMD1000003']);
  });

  it('takes carrier information by hand: "shipped without carrier information" becomes "shipped"', async () => {
    await h.call(TrackingSubjects.tracerCarrierInfo, userOf([A], TRACER), {
      id: idOf(2),
      carrierName: 'Geodis',
      carrierCode: 'GEODIS',
      trackingNumber: 'GEO123',
    });
    expect(await detail(idOf(2))).toMatchObject({ carrierName: 'Geodis', tracerStatus: 'SHIPPED', trackingNumbers: ['GEO123'] });
    await expect(h.call(TrackingSubjects.tracerCarrierInfo, userOf([A], TRACER), { id: idOf(2) })).rejects.toMatchObject({
      fields: { carrierName: 'required' },
    });
  });

  it('changes the status by hand, never to LATE, never for an order not shipped', async () => {
    await h.call(TrackingSubjects.tracerSetStatus, userOf([A], TRACER), {
      id: idOf(1),
      status: 'DELIVERED_DAMAGED',
      comment: 'Carton enfoncé',
    });
    expect((await detail(idOf(1))).tracerStatus).toBe('DELIVERED_DAMAGED');
    // Recorded as a status change of the timeline (the tracking status stays), not as a free event.
    const changed = await detail(idOf(1));
    expect(changed.history.at(-1)).toMatchObject({
      status: 90,
      tracerStatus: 'DELIVERED_DAMAGED',
      source: 'manual',
      comment: 'Carton enfoncé',
    });
    expect(changed.history.filter((e) => e.tracerStatus === null).map((e) => e.status)).toEqual([0, 90]);
    expect(changed.tracerEvents).toEqual([]);
    await expect(h.call(TrackingSubjects.tracerSetStatus, userOf([A], TRACER), { id: idOf(1), status: 'LATE' })).rejects.toMatchObject({
      key: 'validationFailed',
    });
    await expect(h.call(TrackingSubjects.tracerSetStatus, userOf([A], TRACER), { id: idOf(5), status: 'DELIVERED' })).rejects.toMatchObject(
      {
        key: 'statusUpdateImpossible',
      },
    );
    await expect(h.call(TrackingSubjects.tracerSetStatus, userOf([B], TRACER), { id: idOf(1), status: 'ANOMALY' })).rejects.toMatchObject({
      key: 'deliveryNotFound',
    });
    await expect(
      h.call(TrackingSubjects.tracerSetStatus, userOf([A], [Role.PGT_USER]), { id: idOf(1), status: 'ANOMALY' }),
    ).rejects.toMatchObject({
      key: 'permissionDenied',
    });
  });

  it('keeps a private status comment for its author and the provider', async () => {
    const author = userOf([A], TRACER, 41);
    await h.call(TrackingSubjects.tracerSetStatus, author, {
      id: idOf(4),
      status: 'ANOMALY_CARRIER',
      comment: 'Chauffeur injoignable',
      commentPrivate: true,
    });
    const comment = async (ctx: ReturnType<typeof userOf>) =>
      (await detail(idOf(4), ctx)).history.find((e) => e.tracerStatus === 'ANOMALY_CARRIER')?.comment;
    expect(await comment(author)).toBe('Chauffeur injoignable');
    expect(await comment(userOf([A], [Role.ADMIN], 1))).toBe('Chauffeur injoignable');
    expect(await comment(userOf([A], TRACER, 42))).toBeNull();
    await expect(
      h.call(TrackingSubjects.tracerSetStatus, author, { id: idOf(4), status: 'ANOMALY', commentPrivate: 'yes' }),
    ).rejects.toMatchObject({ fields: { commentPrivate: 'invalidFormat' } });
    await h.call(TrackingSubjects.tracerSetStatus, author, { id: idOf(4), status: 'SHIPPED', comment: 'Reparti' });
    expect((await detail(idOf(4), userOf([A], TRACER, 42))).history.at(-1)).toMatchObject({ tracerStatus: 'SHIPPED', comment: 'Reparti' });
  });

  it('counts the deliveries of each Tracer Route status within the caller’s depositors', async () => {
    const counts = (ctx: ReturnType<typeof userOf>, filter: object = {}) =>
      h.call<TracerStatusCountsDto>(TrackingSubjects.tracerCounts, ctx, { filter });
    const a = await counts(userOf([A], TRACER));
    const listed = (await h.call<OrderSearchPage>(TrackingSubjects.searchOrders, userOf([A], TRACER), { range: [0, 99] })).items;
    expect(a.total).toBe(listed.length);
    for (const status of ['SHIPPED', 'LATE', 'ANOMALY_CARRIER'] as const)
      expect(a.counts[status]).toBe(listed.filter((o) => o.tracerStatus === status).length);
    expect(a.counts.WAITING).toBe(listed.filter((o) => o.tracerStatus === 'WAITING').length);
    // The tab's own status does not narrow the counts; the other criteria do.
    expect(await counts(userOf([A], TRACER), { tracerStatus: 'LATE' })).toEqual(a);
    expect((await counts(userOf([A], TRACER), { q: 'CMD1000003' })).total).toBe(1);
    const b = await counts(userOf([B], TRACER));
    expect(b.total).toBe(1);
    expect((await counts(userOf([B], TRACER), { q: 'CMD1000003' })).total).toBe(0);
    await expect(counts(userOf([A], [Role.PGT_USER]))).rejects.toMatchObject({ key: 'permissionDenied' });
  });

  it('records Tracer Route events with public and private notes', async () => {
    const author = userOf([A], TRACER, 31);
    await h.call(TrackingSubjects.tracerAddEvent, author, {
      id: idOf(4),
      type: 'NEW_APPOINTMENT',
      carrierName: 'Colissimo',
      appointmentAt: hoursFromNow(30),
      publicNote: 'RDV pris',
      privateNote: 'Client difficile',
    });
    expect((await detail(idOf(4), author)).tracerEvents[0]).toMatchObject({
      type: 'NEW_APPOINTMENT',
      publicNote: 'RDV pris',
      privateNote: 'Client difficile',
    });
    expect((await detail(idOf(4), userOf([A], TRACER, 32))).tracerEvents[0]).toMatchObject({ publicNote: 'RDV pris', privateNote: null });
    await expect(h.call(TrackingSubjects.tracerAddEvent, author, { id: idOf(4), type: 'PARTY' })).rejects.toMatchObject({
      fields: { type: 'invalidFormat' },
    });
  });

  it('marks several deliveries delivered and gives their PODs for one archive', async () => {
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const result = await h.call<{ updated: number[]; failed: unknown[] }>(TrackingSubjects.tracerMarkDelivered, userOf([A], BULK), {
      ids: [idOf(3), idOf(4), idOf(5), idOf(1, B)],
      at,
    });
    expect(result.updated).toEqual([idOf(3), idOf(4)]);
    expect(result.failed).toEqual([
      { id: idOf(5), key: 'classificationDeliveredFailed' },
      { id: idOf(1, B), key: 'deliveryNotFound' },
    ]);
    const stored = await h.get(FileStorage).put(PNG_BYTES, { folder: 'tracking/documents', maxBytes: 1e6 });
    await h.call(TrackingSubjects.addDocument, userOf([A], [Role.USER_ADD_DOCUMENT]), {
      id: idOf(3),
      type: 'POD',
      file: { ...stored, name: 'pod-3.png' },
    });
    const pods = await h.call<DocumentFileDto[]>(TrackingSubjects.tracerPodFiles, userOf([A], BULK), {
      ids: [idOf(3), idOf(4), idOf(1, B)],
    });
    expect(pods).toEqual([{ key: stored.key, name: 'pod-3.png', contentType: 'image/png', reference: 'CMD1000003' }]);
    await expect(h.call(TrackingSubjects.tracerPodFiles, userOf([B], BULK), { ids: [idOf(3)] })).rejects.toMatchObject({
      key: 'documentNotFound',
    });
    await expect(h.call(TrackingSubjects.tracerPodFiles, userOf([A], TRACER), { ids: [idOf(3)] })).rejects.toMatchObject({
      key: 'permissionDenied',
    });
    await expect(h.call(TrackingSubjects.tracerMarkDelivered, userOf([A], BULK), { ids: [] })).rejects.toMatchObject({
      fields: { ids: 'required' },
    });
  });

  describe('Serial Tracker', () => {
    const serialUser = (depositors: number[]) => userOf(depositors, [Role.SERIAL_USER]);

    it('finds the order, dates and recipient of a serial or lot number', async () => {
      const page = await h.call<SerialSearchPage>(TrackingSubjects.serials, serialUser([A]), { serial: 'SN1-2-1' });
      expect(page.total).toBe(page.items.length);
      const [hit] = page.items;
      expect(hit).toMatchObject({
        serial: 'SN1-2-1',
        articleReference: 'ART-SER',
        reference: 'CMD1000002',
        depositorCode: 'DEMO-A',
        recipient: { town: 'LYON' },
      });
      const lots = (await h.call<SerialSearchPage>(TrackingSubjects.serials, serialUser([A]), { lot: 'LOT1' })).items;
      expect(lots.map((l) => l.reference)).toEqual(['CMD1000001']);
      await expect(h.call(TrackingSubjects.serials, serialUser([A]), {})).rejects.toMatchObject({ key: 'missingParameter' });
    });

    it('answers the newest SERIAL_SEARCH_MAX hits of a wide prefix with the total of matches', async () => {
      const many = Array.from({ length: 120 }, (_, i) => feedOrder(5000 + i, { depositorId: B }));
      await h.call(TrackingSubjects.feedOrders, warehouse(), { orders: many });
      // Two serials per order: 240 matches of "SN2-5" (orders 5000-5119).
      const page = await h.call<SerialSearchPage>(TrackingSubjects.serials, serialUser([B]), { serial: `SN${B}-5` });
      expect(page.items).toHaveLength(SERIAL_SEARCH_MAX);
      expect(page.total).toBe(240);
      expect(page.items.every((s) => s.depositorCode === 'DEMO-B')).toBe(true);
      expect((await h.call<SerialSearchPage>(TrackingSubjects.serials, serialUser([A]), { serial: `SN${B}-5` })).total).toBe(0);
    });

    it('shows nothing of another depositor’s serials', async () => {
      expect(await h.call(TrackingSubjects.serials, serialUser([B]), { serial: 'SN1-' })).toEqual({ items: [], total: 0 });
      expect(
        (await h.call<SerialSearchPage>(TrackingSubjects.serials, serialUser([B]), { serial: 'SN' })).items.every(
          (s) => s.depositorCode === 'DEMO-B',
        ),
      ).toBe(true);
      await expect(h.call(TrackingSubjects.serials, userOf([A]), { serial: 'SN' })).rejects.toMatchObject({ key: 'permissionDenied' });
    });
  });
});
