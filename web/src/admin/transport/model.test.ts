import { describe, expect, it } from 'vitest';
import { Role, TOUR_FLAGS, type CarrierAccountDto } from '@portal/contracts';
import {
  accountBody,
  accountChanged,
  accountForm,
  carrierAnswer,
  carrierBody,
  publishedBaseUrl,
  readsCarrierAccount,
  secretIsSet,
  settingsOf,
  settingsText,
  tourBody,
} from './model';

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

/** A UPS account as the server answers it: contract data, the secret set, never its value. */
const ups: CarrierAccountDto = {
  tourId: 7,
  connector: 'ups',
  environment: 'custom',
  base_url: 'http://127.0.0.1:9000',
  settings: { client_id: 'good-id', shipper_number: 'A1B2C3' },
  secrets: { client_secret: true },
  updatedAt: '2026-03-02T10:00:00.000Z',
  secretsUpdatedAt: '2026-03-02T10:00:00.000Z',
};
const none: CarrierAccountDto = { ...ups, connector: 'demo', environment: 'test', base_url: null, settings: {}, secrets: {} };

describe('a tour’s carrier account', () => {
  it('is read only by a carrier administrator who reaches every depositor (the server refuses anyone else)', () => {
    expect(readsCarrierAccount({ roles: [Role.ADMIN_CARRIER, Role.ADMIN_TOUR], fullAdminReach: true })).toBe(true);
    expect(readsCarrierAccount({ roles: [Role.ADMIN], fullAdminReach: true })).toBe(true);
    expect(readsCarrierAccount({ roles: [Role.ADMIN_CARRIER, Role.ADMIN_TOUR], fullAdminReach: false })).toBe(false);
    expect(readsCarrierAccount({ roles: [Role.ADMIN_TOUR], fullAdminReach: true })).toBe(false);
    expect(readsCarrierAccount(null)).toBe(false);
  });

  it('prefills the contract data and never a credential', () => {
    expect(accountForm(ups)).toEqual({
      connector: 'ups',
      environment: 'custom',
      base_url: 'http://127.0.0.1:9000',
      settings: { client_id: 'good-id', shipper_number: 'A1B2C3' },
      secrets: {},
      cleared: {},
    });
    expect(accountForm(none).base_url).toBe('');
  });

  it('keeps a stored credential left empty: it is not sent', () => {
    const form = accountForm(ups);
    expect(accountBody(form, ups)).toEqual({
      connector: 'ups',
      environment: 'custom',
      base_url: 'http://127.0.0.1:9000',
      settings: { client_id: 'good-id', shipper_number: 'A1B2C3' },
      secrets: {},
    });
    expect(secretIsSet(form, ups, 'client_secret')).toBe(true);
    expect(accountChanged(form, ups)).toBe(false);
  });

  it('sends the credentials typed, and null for one cleared', () => {
    const typed = { ...accountForm(ups), secrets: { client_secret: 'new-secret' } };
    expect(accountBody(typed, ups).secrets).toEqual({ client_secret: 'new-secret' });
    expect(accountChanged(typed, ups)).toBe(true);
    const cleared = { ...accountForm(ups), cleared: { client_secret: true } };
    expect(accountBody(cleared, ups).secrets).toEqual({ client_secret: null });
    expect(secretIsSet(cleared, ups, 'client_secret')).toBe(false);
    // Cleared then typed again: the new one wins.
    expect(accountBody({ ...cleared, secrets: { client_secret: 'again' } }, ups).secrets).toEqual({ client_secret: 'again' });
  });

  it('sends only the chosen connector’s contract data, trimmed, without empty ones', () => {
    const form = {
      ...accountForm(ups),
      connector: 'dhl_express' as const,
      environment: 'test' as const,
      settings: { client_id: 'good-id', account_number: ' 123456789 ', shipper_number: '' },
      secrets: { api_key: 'k', client_secret: 'stale' },
    };
    expect(accountBody(form, ups)).toEqual({
      connector: 'dhl_express',
      environment: 'test',
      base_url: null,
      settings: { account_number: '123456789' },
      secrets: { api_key: 'k' },
    });
  });

  it('counts another connector’s stored credentials as none (the server drops them) and sends no null for them', () => {
    const form = { ...accountForm(ups), connector: 'colissimo' as const, cleared: { password: true } };
    const colissimoUps = { ...ups, secrets: { client_secret: true, password: true } };
    expect(secretIsSet(form, colissimoUps, 'password')).toBe(false);
    expect(accountBody(form, colissimoUps).secrets).toEqual({});
  });

  it('sends a base URL only for an address of one’s own, and the demo carrier without environment', () => {
    const production = { ...accountForm(ups), environment: 'production' as const };
    expect(accountBody(production, ups).base_url).toBeNull();
    expect(accountBody({ ...accountForm(ups), base_url: '  ' }, ups).base_url).toBeNull();
    expect(accountBody({ ...accountForm(none), environment: 'custom' as const, base_url: 'http://x' }, none)).toEqual({
      connector: 'demo',
      environment: 'test',
      base_url: null,
      settings: {},
      secrets: {},
    });
  });

  it('names the carrier’s published address of the environment chosen', () => {
    expect(publishedBaseUrl('ups', 'test')).toBe('https://wwwcie.ups.com');
    expect(publishedBaseUrl('ups', 'custom')).toBeNull();
    expect(publishedBaseUrl('demo', 'production')).toBeNull();
  });

  it('adds to a failed test what the carrier answered, when it answered', () => {
    expect(
      carrierAnswer(
        {
          ok: false,
          failure: 'authRefused',
          status: 401,
          code: '250003',
          message: 'Invalid Access License number',
          call: 'POST http://127.0.0.1:9000/security/v1/oauth/token',
          ms: 12,
        },
        'code',
      ),
    ).toBe('HTTP 401 · code 250003 · Invalid Access License number');
    expect(carrierAnswer({ ok: false, failure: 'unexpectedAnswer', status: 500, call: 'GET x', ms: 3 }, 'code')).toBe('HTTP 500');
    expect(carrierAnswer({ ok: false, failure: 'unreachable', call: 'GET x', ms: 3 }, 'code')).toBeNull();
  });
});
