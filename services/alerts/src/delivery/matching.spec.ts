import { describe, expect, it } from '@jest/globals';
import { customerCodeMatches, follows, orderMatches } from './matching';
import { alertRow, snapshot } from './test/alerts.fixtures';

describe('which orders an alert follows (spec §3 criteria)', () => {
  it('never an order of a depositor the alert does not name', () => {
    expect(orderMatches(alertRow({ depositor_ids: [1] }), snapshot({ depositorId: 2 }))).toBe(false);
    expect(orderMatches(alertRow({ depositor_ids: [1, 2] }), snapshot({ depositorId: 2 }))).toBe(true);
  });

  it('reads each list that is not empty: activities, stores, carriers, tours, articles', () => {
    const order = snapshot({
      activityCode: 'COSM',
      storeCode: 'LYON',
      carrierCode: 'GLS',
      tourCode: 'T1',
      articleCodes: ['ART-1', 'ART-2'],
    });
    expect(
      orderMatches(alertRow({ activity_codes: ['COSM'], store_codes: ['LYON'], carrier_codes: ['GLS'], tour_codes: ['T1'] }), order),
    ).toBe(true);
    expect(orderMatches(alertRow({ activity_codes: ['PHARMA'] }), order)).toBe(false);
    expect(orderMatches(alertRow({ carrier_codes: ['DPD'] }), order)).toBe(false);
    expect(orderMatches(alertRow({ tour_codes: ['T2'] }), order)).toBe(false);
    expect(orderMatches(alertRow({ article_codes: ['ART-2', 'ART-9'] }), order)).toBe(true);
    expect(orderMatches(alertRow({ article_codes: ['ART-9'] }), order)).toBe(false);
    expect(orderMatches(alertRow({ carrier_codes: ['GLS'] }), snapshot({ carrierCode: null }))).toBe(false);
  });

  it('takes `*` in customer codes for any run of characters, and nothing else as a pattern', () => {
    expect(customerCodeMatches(['DUP*'], 'DUPONT')).toBe(true);
    expect(customerCodeMatches(['DUP*'], 'DUPUIS')).toBe(true);
    expect(customerCodeMatches(['DUP*'], 'dupuis')).toBe(false); // as the matching count compares them
    expect(customerCodeMatches(['*ONT'], 'DUPONT')).toBe(true);
    expect(customerCodeMatches(['D*P*T'], 'DUPONT')).toBe(true);
    expect(customerCodeMatches(['DUP*'], 'MARTIN')).toBe(false);
    expect(customerCodeMatches(['DU.ONT'], 'DUPONT')).toBe(false);
    expect(customerCodeMatches(['DUPONT'], 'DUPONTEL')).toBe(false);
    expect(customerCodeMatches(['DUP*'], null)).toBe(false);
    expect(customerCodeMatches([], null)).toBe(true);
  });

  it('matches the delivery-number prefix from the start', () => {
    expect(orderMatches(alertRow({ reference_prefix: 'BL10' }), snapshot({ reference: 'BL1002' }))).toBe(true);
    expect(orderMatches(alertRow({ reference_prefix: 'BL10' }), snapshot({ reference: 'XBL1002' }))).toBe(false);
  });

  it('follows its statuses and events; an alert naming none follows every status change', () => {
    const vip = alertRow({ statuses: [90, 100], events: ['DELIVERED_DAMAGED'] });
    expect(follows(vip, { kind: 'STATUS', code: '90', at: '' })).toBe(true);
    expect(follows(vip, { kind: 'STATUS', code: '50', at: '' })).toBe(false);
    expect(follows(vip, { kind: 'EVENT', code: 'DELIVERED_DAMAGED', at: '' })).toBe(true);
    expect(follows(vip, { kind: 'EVENT', code: 'IN_TRANSIT', at: '' })).toBe(false);
    expect(follows(alertRow(), { kind: 'STATUS', code: '50', at: '' })).toBe(true);
    expect(follows(alertRow(), { kind: 'EVENT', code: 'IN_TRANSIT', at: '' })).toBe(false);
  });
});
