import { Role } from './roles';
import { REPORT_TITLES, reportTitle } from './reports';
import {
  canPinTile,
  pinnableChartSources,
  pinnableReports,
  readableChartSource,
  REPORT_IDS,
  reportRoles,
  requestedChartSource,
} from './tiles';

describe('what a user may pin on the dashboard (spec §2 tiles, §6 rights)', () => {
  it('pins an application for one of its roles only', () => {
    expect(canPinTile([Role.PGT_USER], { type: 'link', id_object: 'pgt' })).toBe(true);
    expect(canPinTile([Role.PGT_USER], { type: 'link', id_object: 'stock' })).toBe(false);
    expect(canPinTile([Role.FEVER_USER], { id_object: 'fever' })).toBe(true);
    expect(canPinTile([Role.ADMIN_LOGS], { type: 'link', id_object: 'admin' })).toBe(true);
    expect(canPinTile([Role.ADMIN], { type: 'link', id_object: 'dashtower' })).toBe(true);
    expect(canPinTile([Role.ADMIN], { type: 'link', id_object: 'no-such-app' })).toBe(false);
  });

  it('pins a report of the catalogue with its numbered right, or REPORT_USER for the others', () => {
    expect(reportRoles('1002')).toEqual([Role.REPORT_USER_1002]);
    expect(reportRoles('1005')).toEqual([Role.REPORT_USER]);
    expect(reportRoles('240')).toEqual([Role.REPORT_USER]);
    expect(reportRoles('999')).toBeUndefined();
    expect(canPinTile([Role.REPORT_USER], { type: 'report', id_object: '1005' })).toBe(true);
    expect(canPinTile([Role.REPORT_USER], { type: 'report', id_object: '1002' })).toBe(false);
    expect(canPinTile([Role.REPORT_USER_1002], { type: 'report', id_object: '1002' })).toBe(true);
    expect(canPinTile([Role.REPORT_USER_1002], { type: 'report', id_object: '1003' })).toBe(false);
    expect(canPinTile([Role.REPORT_USER_TRANSIT, Role.PGT_USER], { type: 'report', id_object: '1005' })).toBe(false);
    expect(canPinTile([Role.ADMIN], { type: 'report', id_object: '100001' })).toBe(true);
    expect(canPinTile([Role.ADMIN], { type: 'report', id_object: '1' })).toBe(false);
    expect(pinnableReports([Role.REPORT_USER_1003, Role.REPORT_USER_100001])).toEqual(['1003', '100001']);
    expect(pinnableReports([Role.ADMIN])).toEqual(REPORT_IDS);
    expect(REPORT_IDS).toEqual(expect.arrayContaining(['1027', '1035', '1059', '1073', '10', '189']));
    expect(REPORT_IDS).not.toContain('1036');
  });

  it('pins a chart of a known source, its configured source included', () => {
    expect(pinnableChartSources([])).toEqual(['depositor-activities', 'depositor-stores', 'platform-stores', 'announcements-by-type']);
    expect(canPinTile([], { type: 'chart', id_object: 'depositor-stores', config: { source: 'depositor-stores' } })).toBe(true);
    expect(canPinTile([], { type: 'chart', id_object: 'orders-per-depositor' })).toBe(false);
    expect(canPinTile([], { type: 'chart', id_object: 'depositor-stores', config: { source: 'all-users' } })).toBe(false);
  });

  it('pins the operational charts for the roles that read their data', () => {
    expect(pinnableChartSources([Role.PGT_USER])).toEqual(
      expect.arrayContaining(['late-deliveries', 'anomalies-by-carrier', 'week-deliveries-by-status']),
    );
    expect(pinnableChartSources([Role.PGT_USER])).not.toContain('blocked-stock-by-code');
    expect(pinnableChartSources([Role.STOCK_USER])).toContain('blocked-stock-by-code');
    expect(pinnableChartSources([Role.STOCK_USER])).not.toContain('late-deliveries');
    expect(canPinTile([Role.FEVER_USER], { type: 'chart', id_object: 'late-deliveries' })).toBe(false);
    expect(canPinTile([Role.TRACERROUTE_USER], { type: 'chart', id_object: 'late-deliveries' })).toBe(true);
  });

  it('checks a figures request: known source, the service computing it, the roles reading it', () => {
    expect(readableChartSource([Role.STOCK_USER], { source: 'blocked-stock-by-code' }).service).toBe('stock');
    expect(() => readableChartSource([], {})).toThrow(expect.objectContaining({ key: 'validationFailed', fields: { source: 'required' } }));
    expect(() => readableChartSource([], { source: 'users' })).toThrow(expect.objectContaining({ fields: { source: 'invalidFormat' } }));
    expect(() => readableChartSource([], { source: ['late-deliveries'] })).toThrow(expect.objectContaining({ key: 'validationFailed' }));
    expect(() => readableChartSource([Role.STOCK_USER], { source: 'late-deliveries' })).toThrow(
      expect.objectContaining({ key: 'permissionDenied' }),
    );
    expect(() => requestedChartSource('admin', [Role.ADMIN], { source: 'late-deliveries' })).toThrow(
      expect.objectContaining({ fields: { source: 'invalidFormat' } }),
    );
    expect(requestedChartSource('tracking', [Role.ADMIN], { source: 'late-deliveries' })).toBe('late-deliveries');
  });

  it('titles every report of the catalogue in the five languages', () => {
    for (const id of REPORT_IDS) {
      const title = REPORT_TITLES[id];
      expect(title).toBeDefined();
      for (const locale of ['fr', 'en', 'es', 'it', 'de'] as const) expect(title[locale].length).toBeGreaterThan(2);
    }
    expect(Object.keys(REPORT_TITLES).sort()).toEqual([...REPORT_IDS].sort());
    expect(reportTitle('1005', 'en')).toBe('Delivery performance');
    expect(reportTitle('1005', 'pt')).toBe('Suivi des livraisons');
    expect(reportTitle('999', 'fr')).toBeUndefined();
  });

  it('pins nothing of an unknown type', () => {
    expect(canPinTile([Role.ADMIN], { type: 'video', id_object: 'pgt' })).toBe(false);
  });
});
