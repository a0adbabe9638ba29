import { describe, expect, it } from 'vitest';
import { Role } from '@portal/contracts';
import { canAdd, tileChoices } from './tileChoices';

describe('the new-tile choices', () => {
  it('offers only the applications, reports and chart sources the user may open', () => {
    const bob = tileChoices([Role.PGT_USER, Role.STOCK_USER], ['pgt', 'stock']);
    expect(bob).toEqual({
      types: ['link', 'chart'],
      appIds: ['pgt', 'stock'],
      reports: [],
      sources: [
        'late-deliveries',
        'anomalies-by-carrier',
        'week-deliveries-by-status',
        'blocked-stock-by-code',
        'depositor-activities',
        'depositor-stores',
        'platform-stores',
        'announcements-by-type',
      ],
    });
    expect(tileChoices([Role.STOCK_USER], []).sources).not.toContain('late-deliveries');
    const reporter = tileChoices([Role.REPORT_USER_1002], []);
    expect(reporter.types).toEqual(['report', 'chart']);
    expect(reporter.reports).toEqual(['1002']);
  });

  it('drops an application the roles do not open, even when listed', () => {
    expect(tileChoices([Role.PGT_USER], ['pgt', 'fever']).appIds).toEqual(['pgt']);
  });

  it('refuses to send what the server would refuse', () => {
    expect(canAdd([Role.REPORT_USER], { type: 'report', id_object: '1002' })).toBe(false);
    expect(canAdd([Role.REPORT_USER], { type: 'report', id_object: '1005' })).toBe(true);
    expect(canAdd([], { type: 'chart', id_object: 'depositor-stores', config: { source: 'depositor-stores' } })).toBe(true);
  });
});
