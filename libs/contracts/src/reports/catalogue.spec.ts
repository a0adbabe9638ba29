import { ALL_ROLES, Role } from '../roles';
import { REPORT_IDS, reportRoles } from '../tiles';
import { REPORT_CATALOGUE, reportSpec } from './catalogue';
import { REPORT_COLUMN_KEYS, reportColumn } from './columns';

const SPEC_IDS = [
  ...[1002, 1003, 1005, 1008, 1010, 1011, 1018, 1042, 1047, 1050, 1052, 1057, 10075, 100001, 10110, 101053],
  ...Array.from({ length: 9 }, (_, i) => 1027 + i),
  ...Array.from({ length: 15 }, (_, i) => 1059 + i),
].map(String);
const PRESETS = ['10', '59', '159', '161', '197', '240', '189'];

describe('the reports catalogue (spec §2, §6)', () => {
  it('holds every report id of spec §2 and the preset profiles of 1005 and 1010, once each', () => {
    expect([...REPORT_IDS].sort()).toEqual([...SPEC_IDS, ...PRESETS].sort());
    expect(new Set(REPORT_CATALOGUE.map((r) => r.displayNumber)).size).toBe(REPORT_CATALOGUE.length);
    for (const id of PRESETS) expect(['1005', '1010']).toContain(reportSpec(id)!.presetOf);
    expect(reportSpec('10')).toMatchObject({ presetOf: '1005', profileId: 10, source: 'orders' });
    expect(reportSpec('240')).toMatchObject({ presetOf: '1010', profileId: 240, source: 'stock' });
  });

  it('gives each report its numbered right, its family role or REPORT_USER, all roles of spec §6', () => {
    for (const id of ['1002', '1003', '1059', '1060', '1067', '1071', '1072', '1073', '100001'])
      expect(reportRoles(id)).toEqual([`REPORT_USER_${id}`]);
    expect(reportRoles('1027')).toEqual([Role.REPORT_USER_MESSAGERIE]);
    expect(reportRoles('1033')).toEqual([Role.REPORT_USER_TRANSIT]);
    expect(reportRoles('1050')).toEqual([Role.REPORT_INTERNAL]);
    expect(reportRoles('101053')).toEqual([Role.REPORT_USER_LAMAT]);
    expect(reportRoles('1011')).toEqual([Role.STOCK_MVT_DETAILS]);
    expect(reportRoles('1005')).toEqual([Role.REPORT_USER]);
    for (const r of REPORT_CATALOGUE) for (const role of r.roles) expect(ALL_ROLES).toContain(role);
  });

  it('draws only columns it shows, titled in five languages, and says money where a money column is', () => {
    for (const r of REPORT_CATALOGUE) {
      expect(r.columns).toContain(r.x);
      for (const y of r.y) expect(r.columns).toContain(y);
      expect(r.money).toBe(r.columns.some((k) => reportColumn(k).type === 'money'));
      for (const text of [r.title, r.description])
        for (const lang of ['fr', 'en', 'es', 'it', 'de'] as const) expect(text[lang]).toBeTruthy();
    }
    for (const key of REPORT_COLUMN_KEYS) expect(Object.values(reportColumn(key).title).every(Boolean)).toBe(true);
  });
});
