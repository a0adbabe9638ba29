import { describe, expect, it } from '@jest/globals';
import { computeZoneFigures, overallVerdict, type CertificateExcursion, type CertificateReading } from './figures';

const at = (hhmm: string) => Date.parse(`2026-11-20T${hhmm}:00Z`);
const MIN = 60_000;
const zone = { id: 1, code: 'FROID-2-8', label: 'Chambre froide 2–8 °C', minTemperature: 2, maxTemperature: 8, maxHumidity: null };
const probe = { id: 7, label: 'CF Saran – porte', mac: '00:1b:c5:0a:10:01' };
const series = (values: [string, number][], probeId = 7): CertificateReading[] =>
  values.map(([hhmm, temperature]) => ({ probeId, at: at(hhmm), temperature }));

/**
 * The stay 10:00–12:00, one probe every 10 minutes, silence limit 30 minutes:
 *   10:00 5 | 10:10 5 | 10:20 9 | 10:30 10 | 10:40 6 | 10:50 4 | (nothing until 11:40) | 11:40 4 | 11:50 4
 * By hand: covered 10:00–10:50 (50 min) + 11:40–12:00 (20 min) = 70 min; outside: 10:20–10:40 (20 min),
 * so within = 50 min = 71.4 %; silence 10:50–11:40 (50 min); min 4, max 10, average 47 / 8 = 5.875 → 5.88;
 * the excursion 10:20–10:40 (20 min, peak 10 above 8) overlaps the stay: not conforming.
 */
const readings = series([
  ['10:00', 5],
  ['10:10', 5],
  ['10:20', 9],
  ['10:30', 10],
  ['10:40', 6],
  ['10:50', 4],
  ['11:40', 4],
  ['11:50', 4],
]);
const excursion: CertificateExcursion = { probeId: 7, kind: 'high', startedAt: at('10:20'), endedAt: at('10:40'), peak: 10, threshold: 8 };
const figures = (overrides: Partial<Parameters<typeof computeZoneFigures>[0]> = {}) =>
  computeZoneFigures({
    zone,
    probes: [probe],
    readings,
    excursions: [excursion],
    from: at('10:00'),
    to: at('12:00'),
    silenceMs: 30 * MIN,
    ...overrides,
  });

describe('cold-chain certificate figures', () => {
  it('gives min, max, average, time within thresholds, the silence and the excursion as computed by hand', () => {
    const f = figures();
    expect(f).toMatchObject({ readings: 8, min: 4, max: 10, avg: 5.88, outsideReadings: 2, verdict: 'notConforming' });
    expect(f.coveredMs).toBe(70 * MIN);
    expect(f.withinMs).toBe(50 * MIN);
    expect(f.withinPercent).toBe(71.4);
    expect(f.silences).toEqual([{ probeId: 7, from: at('10:50'), to: at('11:40'), durationMs: 50 * MIN }]);
    expect(f.excursions).toEqual([{ ...excursion, durationMs: 20 * MIN }]);
    expect(f.probes).toEqual([{ probe, readings: 8, min: 4, max: 10 }]);
  });

  it('draws the curve in 10-minute buckets for a 2-hour stay: min/max band and average per bucket', () => {
    const f = figures({
      probes: [probe, { id: 8, label: 'CF Saran – fond', mac: '00:1b:c5:0a:10:04' }],
      readings: [
        ...readings,
        ...series(
          [
            ['10:05', 7],
            ['10:25', 3],
          ],
          8,
        ),
      ],
    });
    expect(f.bucketMs).toBe(10 * MIN);
    expect(f.buckets.slice(0, 3)).toEqual([
      { at: at('10:00'), min: 5, max: 7, avg: 6 },
      { at: at('10:10'), min: 5, max: 5, avg: 5 },
      { at: at('10:20'), min: 3, max: 9, avg: 6 },
    ]);
    expect(f.buckets.map((b) => b.at)).not.toContain(at('11:00'));
    // Probe 8: nothing before 10:05 (within the limit), 10:05–10:25 covered, then silent until the end.
    expect(f.silences).toContainEqual({ probeId: 8, from: at('10:25'), to: at('12:00'), durationMs: 95 * MIN });
    expect(f.coveredMs).toBe(90 * MIN);
  });

  it('takes only the stay: readings outside it are left out, an excursion counts when it overlaps', () => {
    const f = figures({
      from: at('10:40'),
      to: at('10:50'),
      excursions: [excursion, { ...excursion, startedAt: at('10:45'), endedAt: null }],
    });
    expect(f).toMatchObject({ readings: 2, min: 4, max: 6, coveredMs: 10 * MIN, withinPercent: 100 });
    expect(f.excursions.map((e) => e.durationMs)).toEqual([null]);
    expect(f.verdict).toBe('notConforming');
  });

  it('concludes conforming, conforming with silences, or no readings', () => {
    const steady = series([
      ['10:00', 5],
      ['10:20', 5.5],
      ['10:40', 6],
    ]);
    expect(figures({ readings: steady, excursions: [], to: at('11:00') })).toMatchObject({
      verdict: 'conforming',
      withinPercent: 100,
      avg: 5.5,
    });
    expect(figures({ readings: steady, excursions: [] }).verdict).toBe('conformingWithSilences');
    const none = figures({ readings: [], excursions: [] });
    expect(none).toMatchObject({ verdict: 'noReadings', min: null, avg: null, withinPercent: null, buckets: [] });
    expect(none.silences).toEqual([{ probeId: 7, from: at('10:00'), to: at('12:00'), durationMs: 120 * MIN }]);
    expect(overallVerdict([{ verdict: 'conforming' }, { verdict: 'conformingWithSilences' }])).toBe('conformingWithSilences');
    expect(overallVerdict([{ verdict: 'noReadings' }, { verdict: 'notConforming' }])).toBe('notConforming');
  });

  it('keeps the curve within 120 buckets over a long stay', () => {
    const f = figures({ to: at('10:00') + 90 * 24 * 60 * MIN });
    expect(f.bucketMs).toBe(24 * 60 * MIN);
  });
});
