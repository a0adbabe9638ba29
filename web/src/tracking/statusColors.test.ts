import { describe, expect, it } from 'vitest';
import { TRACER_ROUTE_STATUSES, TRACKING_STATUS_CODES } from '@portal/contracts';
import { tracerStatusColor, trackingStatusColor } from './statusColors';

describe('status colours', () => {
  it('flags problems and deliveries apart from the rest', () => {
    expect(trackingStatusColor(100)).toBe('success');
    expect(trackingStatusColor(97)).toBe('error');
    expect(trackingStatusColor(30)).toBe('info');
    expect(tracerStatusColor('LATE')).toBe('error');
    expect(tracerStatusColor('DELIVERED')).toBe('success');
  });
  it('gives every §4 status a colour', () => {
    for (const s of TRACKING_STATUS_CODES) expect(trackingStatusColor(s)).toBeTruthy();
    for (const s of TRACER_ROUTE_STATUSES) expect(tracerStatusColor(s)).toBeTruthy();
  });
});
