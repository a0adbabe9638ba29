import { describe, expect, it } from 'vitest';
import * as contracts from '@portal/contracts';
import { ADMIN_IMPORT_KINDS, PORTAL_APPS } from '@portal/contracts';
import { ADMIN_AREAS } from './admin/areas';
import { ADMIN_ROUTES, APP_ROUTES, IMPORT_KINDS, ROUTE_RECORDS, ROUTE_SAMPLES, SETTINGS_PAGES, SETTINGS_TAB_ROLES } from './routes';

// The route walk visits what the table lists: an application, an area or a parameter it misses would go unwalked.
describe('the route table', () => {
  it('lists the pages of every application and of every back-office area', () => {
    expect(Object.keys(APP_ROUTES).sort()).toEqual(PORTAL_APPS.map((a) => a.id).sort());
    expect(Object.keys(ADMIN_ROUTES).sort()).toEqual(ADMIN_AREAS.map((a) => a.path).sort());
  });

  it('names role lists of the contracts for the settings tabs offered to some users', () => {
    for (const list of Object.values(SETTINGS_TAB_ROLES)) expect(contracts[list], list).toEqual(expect.any(Array));
  });

  it('offers the import kinds of the contracts', () => {
    expect([...IMPORT_KINDS]).toEqual([...ADMIN_IMPORT_KINDS]);
  });

  const patterns = [
    ...PORTAL_APPS.flatMap((app) => Object.values(APP_ROUTES[app.id as keyof typeof APP_ROUTES]).map((p) => join(app.route, p))),
    ...Object.entries(ADMIN_ROUTES).flatMap(([area, pages]) => Object.values(pages).map((p) => join(`/admin/${area}`, p))),
    ...Object.entries(SETTINGS_PAGES).flatMap(([tab, pages]) => Object.values(pages).map((p) => join(`/settings/${tab}`, p))),
  ];

  it('has a sample for every parameter of every page', () => {
    for (const pattern of patterns)
      for (const param of pattern.match(/:\w+/g) ?? [])
        expect(ROUTE_SAMPLES[pattern]?.[param.slice(1)], `${pattern} ${param}`).toBeDefined();
  });

  it('makes records for pages of the table only', () => {
    expect(Object.keys(ROUTE_RECORDS).filter((p) => !patterns.includes(p))).toEqual([]);
  });
});

const join = (base: string, path: string) => (path ? `${base}/${path}` : base);
