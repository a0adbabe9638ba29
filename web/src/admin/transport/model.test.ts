import { describe, expect, it } from 'vitest';
import { TOUR_FLAGS } from '@portal/contracts';
import { carrierBody, settingsOf, settingsText, tourBody } from './model';

describe('the transport plan forms', () => {
  it('shows carrier settings one per line and reads them back', () => {
    expect(settingsText({ agency_code: 'LYS-01', hub: 'LYON' })).toBe('agency_code = LYS-01\nhub = LYON');
    expect(settingsOf('agency_code = LYS-01\n\n hub=LYON \nbroken')).toEqual({ agency_code: 'LYS-01', hub: 'LYON', broken: '' });
    expect(settingsText(null)).toBe('');
  });

  it('sends a carrier with empty fields as null and its settings as an object', () => {
    expect(
      carrierBody({
        ref: 'GEO',
        name: 'Geodis',
        kind: 'pallet',
        shipping_window_days: '',
        insurance_threshold: '5000',
        pickup_email: '',
        settingsText: 'a = 1',
        active: true,
      }),
    ).toEqual({
      ref: 'GEO',
      name: 'Geodis',
      kind: 'pallet',
      shipping_window_days: null,
      insurance_threshold: '5000',
      pickup_email: null,
      settings: { a: '1' },
      active: true,
    });
  });

  it('sends a tour with every flag, the codes given and empty limits as null', () => {
    const body = tourBody({
      depositorId: '1',
      code: 'MES-IDF',
      carrierId: '3',
      tour_type: 'parcel',
      transport_mode: 'road',
      'flags.appointment': true,
      'flags.hatchback': false,
      weight_max_kg: '30',
      weight_min_kg: '',
      'codes.gtf': 'G1',
      'codes.regime': '',
      'codes.min_insurance_amount': '150',
      active: true,
    });
    expect(Object.keys(body.flags as object)).toEqual([...TOUR_FLAGS]);
    expect(body).toMatchObject({
      depositorId: '1',
      carrierId: '3',
      weight_max_kg: '30',
      weight_min_kg: null,
      codes: { gtf: 'G1', min_insurance_amount: '150' },
    });
    expect((body.flags as Record<string, boolean>).appointment).toBe(true);
    expect((body.flags as Record<string, boolean>).floor_delivery).toBe(false);
  });
});
