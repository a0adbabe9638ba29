import { describe, expect, it } from '@jest/globals';
import { canMove, carrierSteps, HUBY_STATUS_CODES, HubyStatus } from './statuses';

describe('the steps a carrier report makes a shipment take', () => {
  it('walks the shortest way through the table', () => {
    expect(carrierSteps(HubyStatus.LabelsReceived, HubyStatus.TakenInCharge)).toEqual([HubyStatus.TakenInCharge]);
    expect(carrierSteps(HubyStatus.LabelsPrinted, HubyStatus.Delivered)).toEqual([
      HubyStatus.TakenInCharge,
      HubyStatus.InTransit,
      HubyStatus.Delivered,
    ]);
    expect(carrierSteps(HubyStatus.Anomaly, HubyStatus.Returned)).toEqual([HubyStatus.Returned]);
    expect(carrierSteps(HubyStatus.Anomaly, HubyStatus.InTransit)).toEqual([HubyStatus.InTransit]);
  });

  it('does nothing for a late scan, a closed shipment or one without labels, and never cancels or drafts', () => {
    expect(carrierSteps(HubyStatus.InTransit, HubyStatus.TakenInCharge)).toEqual([]);
    expect(carrierSteps(HubyStatus.Delivered, HubyStatus.InTransit)).toEqual([]);
    expect(carrierSteps(HubyStatus.Returned, HubyStatus.Delivered)).toEqual([]);
    expect(carrierSteps(HubyStatus.Canceled, HubyStatus.Delivered)).toEqual([]);
    expect(carrierSteps(HubyStatus.Validated, HubyStatus.TakenInCharge)).toEqual([]);
    expect(carrierSteps(HubyStatus.Draft, HubyStatus.Delivered)).toEqual([]);
    expect(carrierSteps(HubyStatus.Delivered, HubyStatus.Delivered)).toEqual([]);
    for (const from of HUBY_STATUS_CODES)
      for (const to of HUBY_STATUS_CODES) {
        const steps = carrierSteps(from, to);
        expect(steps.includes(HubyStatus.Canceled) || steps.includes(HubyStatus.Draft)).toBe(false);
        steps.reduce((at, next) => (expect(canMove(at, next)).toBe(true), next), from);
      }
  });
});
