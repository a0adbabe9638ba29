import { GEO_DEMO_OFF_MAP, GEO_DEMO_TOWNS } from '../demo/geo-order';
import { coordinatesOf } from './coordinates';
import { FR_POSTCODES } from './fr-postcodes';

describe('coordinatesOf (bundled postcode tables)', () => {
  it('places a French postcode at its communes', () => {
    expect(coordinatesOf('FR', '75001')).toEqual({ lat: expect.closeTo(48.86, 1), lon: expect.closeTo(2.35, 1) });
    expect(coordinatesOf('FR', '29200')).toEqual({ lat: expect.closeTo(48.39, 1), lon: expect.closeTo(-4.49, 1) });
    expect(coordinatesOf('FR', '20000')).toEqual({ lat: expect.closeTo(41.92, 1), lon: expect.closeTo(8.74, 1) });
    // Strasbourg lies east of Paris, Marseille south of Lyon.
    expect(coordinatesOf('FR', '67000')!.lon).toBeGreaterThan(coordinatesOf('FR', '75008')!.lon + 4);
    expect(coordinatesOf('FR', '13008')!.lat).toBeLessThan(coordinatesOf('FR', '69003')!.lat - 2);
  });

  it('reads the country and postcode as people type them', () => {
    expect(coordinatesOf(' fr ', '75 001')).toEqual(coordinatesOf('FR', '75001'));
  });

  it('leaves off the map an unknown code, a country with no table, or nothing', () => {
    expect(coordinatesOf('FR', '00000')).toBeNull();
    expect(coordinatesOf('FR', '97400')).toBeNull();
    expect(coordinatesOf('FR', "75001' OR 1=1")).toBeNull();
    expect(coordinatesOf('BE', '1000')).toBeNull();
    expect(coordinatesOf('DE', '75001')).toBeNull();
    expect(coordinatesOf(null, null)).toBeNull();
    expect(coordinatesOf('toString', 'constructor')).toBeNull();
  });

  it('has every table entry in metropolitan France and Corsica', () => {
    const entries = FR_POSTCODES.split(';');
    expect(entries.length).toBeGreaterThan(6000);
    for (const entry of entries) {
      const [code] = entry.split(':');
      expect(code).toMatch(/^\d{5}$/);
      const at = coordinatesOf('FR', code)!;
      expect(at.lat).toBeGreaterThan(41.3);
      expect(at.lat).toBeLessThan(51.2);
      expect(at.lon).toBeGreaterThan(-5.3);
      expect(at.lon).toBeLessThan(9.7);
    }
  });

  it('places every demo town, and none of the demo addresses meant to stay off the map', () => {
    for (const [zip] of GEO_DEMO_TOWNS) expect(coordinatesOf('FR', zip)).not.toBeNull();
    for (const [zip, , country] of GEO_DEMO_OFF_MAP) expect(coordinatesOf(country, zip)).toBeNull();
  });
});
