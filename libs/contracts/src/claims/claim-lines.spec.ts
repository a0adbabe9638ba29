import { claimableDelivery, claimLineProblems, isClaimLine } from './claims';

describe('claim line rules (one rule for the form and the service)', () => {
  it('refuses a reason the quantities contradict, by line', () => {
    expect(
      claimLineProblems([
        { quantity_ordered: 12, quantity_received: 12, reason: 'less_quantity' },
        { quantity_ordered: 12, quantity_received: 10, reason: 'less_quantity' },
        { quantity_ordered: 12, quantity_received: 12, reason: 'missing_product' },
        { quantity_ordered: 12, quantity_received: 0, reason: 'missing_product' },
        { quantity_ordered: 12, quantity_received: 11, reason: 'extra_quantity' },
        { quantity_ordered: 12, quantity_received: 13, reason: 'extra_quantity' },
        { quantity_ordered: 12, quantity_received: 12, reason: 'damaged_product' },
        { quantity_ordered: null, quantity_received: 3, reason: 'extra_quantity' },
      ]),
    ).toEqual({
      'lines.0.reason': 'contradictsQuantities',
      'lines.2.reason': 'contradictsQuantities',
      'lines.4.reason': 'contradictsQuantities',
    });
  });

  it('takes a line left empty for no line', () => {
    expect(isClaimLine({ quantity_ordered: 2 })).toBe(false);
    expect(isClaimLine({ quantity_ordered: 2, quantity_received: null, reason: null, comment: '  ' })).toBe(false);
    expect(isClaimLine({ quantity_received: 0 })).toBe(true);
    expect(isClaimLine({ reason: 'other' })).toBe(true);
    expect(isClaimLine({ comment: 'Carton ouvert' })).toBe(true);
  });

  it('claims only deliveries that left the warehouse', () => {
    expect(claimableDelivery({ status: 30, shippedAt: null })).toBe(false);
    expect(claimableDelivery({ status: -1, shippedAt: null })).toBe(false);
    expect(claimableDelivery({ status: 90, shippedAt: null })).toBe(true);
    expect(claimableDelivery({ status: 100, shippedAt: null })).toBe(true);
    expect(claimableDelivery({ status: 30, shippedAt: '2026-12-01T10:00:00Z' })).toBe(true);
  });
});
