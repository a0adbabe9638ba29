import { describe, expect, it } from '@jest/globals';
import { systemContext, type FeverCertificateRequest } from '@portal/contracts';
import type { CertificatesRepository, StayQuery, ZoneStay } from './certificates.repository';
import { CertificatesService } from './certificates.service';

const zone = { id: 1, code: 'FROID-2-8', label: 'Chambre froide 2–8 °C', minTemperature: 2, maxTemperature: 8, maxHumidity: null };
const probe = { id: 7, label: 'CF Saran – porte', mac: '00:1b:c5:0a:10:01' };
const request: FeverCertificateRequest = {
  orderId: 5,
  reference: 'CMD5',
  depositorId: 2,
  depositorCode: 'DEMO-B',
  platformId: 12,
  store: 'FROID-2-8',
  from: '2026-11-20T10:00:00Z',
  to: '2026-11-20T11:00:00Z',
  locale: 'de_DE',
  timezone: 'Europe/Berlin',
};

function serviceWith(stays: ZoneStay[]) {
  const asked: StayQuery[] = [];
  const repository = { stays: async (_ctx: unknown, q: StayQuery) => (asked.push(q), stays) } as unknown as CertificatesRepository;
  return { service: new CertificatesService(repository), asked };
}

describe('cold-chain certificate requests', () => {
  it('answers the PDF named in the caller’s language with the verdict of its zones', async () => {
    const readings = [0, 20, 40].map((m) => ({ probeId: 7, at: Date.parse(request.from) + m * 60_000, temperature: 5 }));
    const { service, asked } = serviceWith([{ zone, probes: [probe], readings, excursions: [] }]);
    const answer = await service.build(systemContext(), request);
    expect(answer).toMatchObject({
      name: 'kuehlketten-zertifikat-CMD5.pdf',
      verdict: 'conforming',
      zones: ['FROID-2-8'],
      provisional: false,
    });
    expect(Buffer.from(answer.pdfBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(asked).toMatchObject([
      { depositorId: 2, platformId: 12, store: 'FROID-2-8', from: new Date(request.from), to: new Date(request.to) },
    ]);
  });

  it('certifies every zone of the depositor on the platform when the order names no store: the worst verdict', async () => {
    const ambient = {
      ...zone,
      id: 2,
      code: 'TEMP-15-25',
      label: 'Zone tempérée 15–25 °C',
      minTemperature: 15,
      maxTemperature: 25,
      maxHumidity: 65,
    };
    const at = (m: number) => Date.parse(request.from) + m * 60_000;
    const cold = [0, 20, 40].map((m) => ({ probeId: 7, at: at(m), temperature: 5 }));
    const warm = [0, 20, 40].map((m) => ({ probeId: 8, at: at(m), temperature: 21 }));
    const humid = { probeId: 8, kind: 'humidity' as const, startedAt: at(10), endedAt: at(30), peak: 71, threshold: 65 };
    const { service, asked } = serviceWith([
      { zone, probes: [probe], readings: cold, excursions: [] },
      {
        zone: ambient,
        probes: [{ id: 8, label: 'Tempéré Saran – rack 12', mac: '00:1b:c5:0a:10:05' }],
        readings: warm,
        excursions: [humid],
      },
    ]);
    const answer = await service.build(systemContext(), { ...request, store: undefined, locale: 'it_IT' });
    expect(asked[0].store).toBeNull();
    expect(answer).toMatchObject({
      name: 'certificato-catena-del-freddo-CMD5.pdf',
      verdict: 'notConforming',
      zones: ['FROID-2-8', 'TEMP-15-25'],
    });
    expect(Buffer.from(answer.pdfBase64, 'base64').toString('latin1')).toMatch(/\/Count 2\b/);
  });

  it('answers coldChainNoProbes when no zone with probes matches the order', async () => {
    const { service } = serviceWith([]);
    await expect(service.build(systemContext(), { ...request, store: null })).rejects.toMatchObject({
      key: 'coldChainNoProbes',
      params: { platformId: 12, store: '' },
    });
  });

  it('refuses a malformed request field by field, without reading anything', async () => {
    const { service, asked } = serviceWith([]);
    const refused = (data: unknown) =>
      service.build(systemContext(), data).catch((e: { key: string; fields?: Record<string, string> }) => e);
    expect(await refused(null)).toMatchObject({
      key: 'validationFailed',
      fields: { reference: 'required', depositorId: 'required', from: 'required' },
    });
    expect(
      await refused({
        ...request,
        reference: 'CMD\u00005',
        platformId: 'x',
        from: 'yesterday',
        to: '2999-01-01T00:00:00Z',
        store: 'S'.repeat(51),
      }),
    ).toMatchObject({
      fields: { reference: 'invalidFormat', platformId: 'integer', from: 'invalidFormat', to: 'inFuture', store: 'maxLength' },
    });
    expect(await refused({ ...request, from: request.to, to: request.from })).toMatchObject({ fields: { from: 'max' } });
    expect(await refused({ ...request, depositorId: 2 ** 40 })).toMatchObject({ fields: { depositorId: 'integer' } });
    expect(asked).toEqual([]);
  });

  it('certifies a stay longer than the readings are kept over its last 400 days', async () => {
    const { service, asked } = serviceWith([{ zone, probes: [probe], readings: [], excursions: [] }]);
    const answer = await service.build(systemContext(), { ...request, from: '2020-01-01T00:00:00Z', provisional: true });
    expect(answer).toMatchObject({ verdict: 'noReadings', provisional: true });
    expect(asked[0].to.getTime() - asked[0].from.getTime()).toBe(400 * 86_400_000);
  });
});
