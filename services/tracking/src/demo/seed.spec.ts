import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Role, TrackingSubjects, type DocumentFileDto, type OrderDetailDto, type OrderSearchPage } from '@portal/contracts';
import { Db } from '@portal/db';
import { FileStorage } from '@portal/files';
import { startServices, type ServiceHarness } from '@portal/testing';
import { userOf } from '../../test/fixtures';
import { TrackingServiceModule } from '../tracking.module';
import { seedTrackingDemo, withoutSecondaryIndexes } from './seed';

describe('tracking demo data', () => {
  let h: ServiceHarness;
  let db: Db;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracking-demo-'));
  const now = new Date('2026-11-20T12:00:00Z');

  beforeAll(async () => {
    process.env.DATA_DIR = dataDir;
    h = await startServices([TrackingServiceModule]);
    db = h.get<Db>(Db);
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds 2,000 orders at scale 0.02 with timelines, parcels, serials and carrier events; a second run does nothing', async () => {
    const first = await seedTrackingDemo(db, { scale: 0.02, now }, h.get(FileStorage));
    expect(first.orders).toBe(2000);
    expect((await seedTrackingDemo(db, { scale: 0.02, now }, h.get(FileStorage))).orders).toBe(0);
    const [counts] = await db.system.query<Record<string, string>>(
      `SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(DISTINCT status) FROM orders) AS statuses,
              (SELECT count(*) FROM order_serials) AS serials, (SELECT count(*) FROM tracer_events) AS events,
              (SELECT count(*) FROM documents WHERE type = 'POD') AS pods, (SELECT count(*) FROM carrier_secrets) AS secrets`,
    );
    expect(Number(counts.orders)).toBe(2000);
    expect(Number(counts.statuses)).toBeGreaterThanOrEqual(5);
    expect(Number(counts.serials)).toBeGreaterThan(100);
    expect(Number(counts.events)).toBeGreaterThan(1000);
    expect(Number(counts.pods)).toBe(90);
    expect(Number(counts.secrets)).toBe(9);
  });

  it('gives a searchable tracker with downloadable PODs', async () => {
    const ctx = userOf([3], [Role.PGT_USER]);
    const page = await h.call<OrderSearchPage>(TrackingSubjects.searchOrders, ctx, {
      // The window is anchored to the seed's `now`, not to today's date (93 days at most, §9).
      filter: { status: 100, dateFrom: '2026-09-01', dateTo: now.toISOString().slice(0, 10) },
    });
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((o) => o.depositorCode === 'DEMO-C')).toBe(true);
    const [pod] = await db.system.query<{ order_id: string; id: string }>(
      `SELECT order_id, id FROM documents WHERE type = 'POD' AND depositor_id = 3 LIMIT 1`,
    );
    const detail = await h.call<OrderDetailDto>(TrackingSubjects.orderDetail, ctx, { id: Number(pod.order_id) });
    expect(detail.history.map((s) => s.status)).toEqual(expect.arrayContaining([0, 90, 100]));
    const file = await h.call<DocumentFileDto>(TrackingSubjects.documentFile, ctx, { id: Number(pod.order_id), documentId: pod.id });
    expect(file.contentType).toBe('image/png');
  });

  it('keeps the unique indexes during the load, since the live feed and webhooks rely on them', async () => {
    const names = async () =>
      (await db.system.query<{ name: string }>(`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'tracer_events'`)).map(
        (r) => r.name,
      );
    const before = await names();
    let during: string[] = [];
    await withoutSecondaryIndexes(db, async () => {
      during = await names();
    });
    expect(during).toContain('tracer_events_external');
    expect(during.length).toBeLessThan(before.length);
    expect((await names()).sort()).toEqual([...before].sort());
  });
});
