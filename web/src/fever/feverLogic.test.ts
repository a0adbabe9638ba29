import { describe, expect, it } from 'vitest';
import type { FeverExcursionDto, FeverProbeDto } from '@portal/contracts';
import { shortLabel } from './ProbeMarker';
import {
  dropPosition,
  excursionMinutes,
  formatHumidity,
  feverProbeState,
  formatDuration,
  formatTemperature,
  periodOf,
  probesOfPlan,
} from './feverLogic';

const probe = (p: Partial<FeverProbeDto>): FeverProbeDto => ({
  id: 1,
  mac: '00:1b:c5:0a:10:01',
  label: 'CF – porte',
  zoneId: 1,
  zone: 'Chambre froide',
  depositorId: 2,
  platformId: 12,
  planId: null,
  x: null,
  y: null,
  voltage: 3.6,
  lastReadingAt: null,
  temperature: null,
  humidity: null,
  minTemperature: null,
  maxTemperature: null,
  avgTemperature: null,
  silent: false,
  inExcursion: false,
  ...p,
});

describe('fever screen logic', () => {
  it('colours a probe silent before in excursion before ok', () => {
    expect(feverProbeState({ silent: true, inExcursion: true })).toBe('silent');
    expect(feverProbeState({ silent: false, inExcursion: true })).toBe('excursion');
    expect(feverProbeState({ silent: false, inExcursion: false })).toBe('ok');
  });

  it('turns a drop into fractions of the image, clamped to its edges', () => {
    const box = { left: 100, top: 50, width: 800, height: 500 };
    expect(dropPosition(300, 300, box)).toEqual({ x: 0.25, y: 0.5 });
    expect(dropPosition(50, 900, box)).toEqual({ x: 0, y: 1 });
    expect(dropPosition(10, 10, { left: 0, top: 0, width: 0, height: 0 })).toBeNull();
  });

  it('splits probes into those on the plan and those of its platform and depositor still to place', () => {
    const plan = { id: 7, platformId: 12, depositorId: 2 };
    const on = probe({ id: 1, planId: 7, x: 0.1, y: 0.2 });
    const free = probe({ id: 2 });
    const otherPlatform = probe({ id: 3, platformId: 10 });
    const otherPlan = probe({ id: 4, planId: 8, x: 0.5, y: 0.5 });
    expect(probesOfPlan([on, free, otherPlatform, otherPlan], plan)).toEqual({ placed: [on], unplaced: [free] });
  });

  it('formats temperatures and durations the French way', () => {
    expect(formatTemperature(5.5, 'fr-FR')).toBe('5,5 °C');
    expect(formatTemperature(-18, 'en-GB')).toBe('-18.0 °C');
    expect(formatTemperature(null, 'fr-FR')).toBe('—');
    expect(formatHumidity(82.5, 'fr-FR')).toBe('82,5 %');
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(125)).toBe('2 h 05');
  });

  it('names a marker by the end of the probe’s label', () => {
    expect(shortLabel('CF Saran – allée A')).toBe('allée A');
    expect(shortLabel('Sonde 12')).toBe('Sonde 12');
  });

  it('counts an excursion in progress up to now', () => {
    const e: FeverExcursionDto = {
      id: 1,
      probeId: 1,
      zoneId: 1,
      kind: 'high',
      startedAt: '2026-11-26T10:00:00Z',
      endedAt: null,
      durationMinutes: null,
      peak: 9.4,
      threshold: 8,
    };
    expect(excursionMinutes(e, Date.parse('2026-11-26T11:30:00Z'))).toBe(90);
    expect(excursionMinutes({ ...e, endedAt: '2026-11-26T10:20:00Z', durationMinutes: 20 })).toBe(20);
  });

  it('asks a range alone, or custom days once both are valid and in order', () => {
    expect(periodOf('rolling90', '', '')).toEqual({ range: 'rolling90' });
    expect(periodOf('', '2026-11-01', '2026-11-20')).toEqual({ from: '2026-11-01', to: '2026-11-20' });
    expect(periodOf('', '2026-11-20', '2026-11-01')).toBeNull();
    expect(periodOf('', 'invalid', '2026-11-01')).toBeNull();
  });
});
