import { describe, expect, it } from 'vitest';
import { axisTick, figureLabel } from './figureLabels';
import { reportName } from './tileTitle';

const translate = (key: string, options?: Record<string, unknown>) => `${key}${options ? JSON.stringify(options) : ''}`;

describe('chart labels as users read them', () => {
  it('names statuses and blocking codes in the user’s language, a delivery without carrier as such', () => {
    expect(figureLabel('week-deliveries-by-status', 'LATE', 'fr', translate)).toBe('En retard');
    expect(figureLabel('week-deliveries-by-status', 'DELIVERED', 'en', translate)).toBe('Delivered');
    expect(figureLabel('blocked-stock-by-code', 'BQ', 'fr', translate)).toBe('BQ – Blocage qualité');
    expect(figureLabel('late-deliveries', '', 'fr', translate)).toBe('dashboard.noCarrier');
    expect(figureLabel('late-deliveries', 'DHL', 'fr', translate)).toBe('DHL');
    expect(figureLabel('depositor-stores', 'DEMO-A', 'de', translate)).toBe('DEMO-A');
    expect(axisTick('blocked-stock-by-code', 'BQ – Blocage qualité')).toBe('BQ');
    expect(axisTick('late-deliveries', 'DPD France')).toBe('DPD France');
  });

  it('names a report by its number and title', () => {
    expect(reportName('1005', 'fr', translate)).toBe('dashboard.reportTitled{"id":"1005","title":"Suivi des livraisons"}');
    expect(reportName('4242', 'fr', translate)).toBe('dashboard.report{"id":"4242"}');
  });
});
