import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Role, TrackingSubjects, type TrackingCarrierDto } from '@portal/contracts';
import { Db } from '@portal/db';
import { startServices, type ServiceHarness } from '@portal/testing';
import { A, userOf } from '../../test/fixtures';
import { seedDemoCarriers } from '../demo/carriers';
import { TrackingServiceModule } from '../tracking.module';

const DHL = 'https://www.dhl.com/fr-fr/home/suivi.html?tracking-id={trackingNumber}';

describe('carrier settings: public tracking pages', () => {
  let h: ServiceHarness;
  const admin = userOf([], [Role.ADMIN_CARRIER], 90);
  const list = (ctx = userOf([A])) => h.call<TrackingCarrierDto[]>(TrackingSubjects.carriersList, ctx, {});
  const save = (data: object, ctx = admin) => h.call<TrackingCarrierDto>(TrackingSubjects.carrierSave, ctx, data);

  beforeAll(async () => {
    h = await startServices([TrackingServiceModule]);
    await seedDemoCarriers(h.app.get(Db));
  });
  afterAll(() => h.close());

  it('lists the demo carriers with the public page of the parcel carriers', async () => {
    const carriers = await list();
    expect(carriers.find((c) => c.code === 'COLISSIMO')).toEqual({
      code: 'COLISSIMO',
      name: 'Colissimo',
      trackingUrlTemplate: 'https://www.laposte.fr/outils/suivre-vos-envois?code={trackingNumber}',
    });
    expect(carriers.find((c) => c.code === 'HEPPNER')?.trackingUrlTemplate).toBeNull();
  });

  it('lets a carrier administrator set, change and remove a template', async () => {
    expect(await save({ code: 'DHL', name: 'DHL Express', trackingUrlTemplate: DHL })).toEqual({
      code: 'DHL',
      name: 'DHL Express',
      trackingUrlTemplate: DHL,
    });
    expect((await list()).find((c) => c.code === 'DHL')?.trackingUrlTemplate).toBe(DHL);
    expect(await save({ code: 'DHL', trackingUrlTemplate: null })).toEqual({ code: 'DHL', name: 'DHL Express', trackingUrlTemplate: null });
    expect(await save({ code: 'DHL', trackingUrlTemplate: DHL }, userOf([], [Role.ADMIN]))).toMatchObject({ trackingUrlTemplate: DHL });
  });

  it('refuses a template that is not an https URL with {trackingNumber} outside the host', async () => {
    for (const bad of [
      'http://www.dhl.com/?id={trackingNumber}',
      'https://www.dhl.com/suivi',
      'javascript:alert(1)//{trackingNumber}',
      'https://{trackingNumber}.evil.example/',
      'https://www.dhl.com/?id={trackingNumber} x',
      'https://user:pw@www.dhl.com/?id={trackingNumber}',
      `https://www.dhl.com/?id={trackingNumber}&pad=${'x'.repeat(500)}`,
      42,
    ])
      await expect(save({ code: 'DHL', trackingUrlTemplate: bad })).rejects.toMatchObject({
        key: 'invalidTrackingUrlTemplate',
        fields: { trackingUrlTemplate: 'invalidFormat' },
      });
    await expect(save({ code: 'dhl express', trackingUrlTemplate: DHL })).rejects.toMatchObject({
      key: 'validationFailed',
      fields: { code: 'invalidFormat' },
    });
    expect((await list()).find((c) => c.code === 'DHL')?.trackingUrlTemplate).toBe(DHL);
  });

  it('keeps the settings to carrier administrators; depositor users only read them', async () => {
    await expect(save({ code: 'DHL', trackingUrlTemplate: null }, userOf([A], [Role.PGT_USER]))).rejects.toMatchObject({
      key: 'permissionDenied',
    });
    await expect(list(userOf([A], [Role.STOCK_USER]))).rejects.toMatchObject({ key: 'permissionDenied' });
  });
});
