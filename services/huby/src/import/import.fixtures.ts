/** Test fixtures of the order import: a fake resolver, order and package lines, a simulation run on text. */
import { Readable } from 'node:stream';
import { IMPORT_ORDER_COLUMNS, IMPORT_PACKAGE_COLUMNS, type ShipmentPartyDto } from '@portal/contracts';
import { importRows } from '@portal/files';
import { ImportSimulation, type ImportResolver, type SimulatedLine } from './import-simulation';

const party = (code: string, phone: string | null): ShipmentPartyDto => ({
  uuid: `00000000-0000-4000-8000-${code.padStart(12, '0').slice(-12)}`.replace(/[A-Z]/g, '0'),
  code,
  company_name: `Client ${code}`,
  contact_name: null,
  civility: null,
  address1: '1 rue',
  address2: null,
  zip: '69002',
  town: 'LYON',
  state_code: null,
  country: 'FR',
  email: null,
  phone,
  mobile: null,
  customer_code: null,
});

/** DEMO-A (1) is the caller's, DEMO-B is not; MLV1 ships; DEST001 has a phone, DEST002 none; OLD-1 was imported before. */
export const fakeResolver = (existing = new Set(['OLD-1'])): ImportResolver => ({
  depositor: async (code) => (code === 'DEMO-A' ? { id: 1, code } : 'notAuthorized'),
  allowed: (_d, kind, code) => (kind === 'activity' ? code === 'ACT1' : code === 'STORE1'),
  shipper: async (_d, code) => (code === 'MLV1' ? party('MLV1', '0164000000') : undefined),
  recipient: async (_d, code) =>
    code === 'DEST001' ? party('DEST001', '0478000000') : code === 'DEST002' ? party('DEST002', null) : undefined,
  packaging: async (_d, code) => code === 'CARTON-M',
  tour: async (_d, code) => (code === 'COLIS-J1' ? { carrier_code: 'COLISSIMO' } : undefined),
  existing: async (_d, refs) => new Set(refs.filter((r) => existing.has(r))),
});

/** An order line of DEMO-A to DEST001 from MLV1 on COLIS-J1, with `over` replacing columns. */
export const order = (reference: string, over: Record<string, string> = {}) =>
  IMPORT_ORDER_COLUMNS.map((c) =>
    c.name in over
      ? over[c.name]
      : ((
          {
            line_type: 'ORDER',
            depositor_code: 'DEMO-A',
            reference,
            shipper_code: 'MLV1',
            recipient_code: 'DEST001',
            tour_code: 'COLIS-J1',
          } as Record<string, string>
        )[c.name] ?? ''),
  );
export const pack = (over: Record<string, string> = {}) =>
  IMPORT_PACKAGE_COLUMNS.map((c) =>
    c.name in over
      ? over[c.name]
      : (({ line_type: 'PACKAGE', packaging_code: 'CARTON-M', weight_kg: '4,5', packages: '2' } as Record<string, string>)[c.name] ?? ''),
  );

export const csv = (rows: string[][], delimiter = ';') => rows.map((r) => r.join(delimiter)).join('\r\n');

export async function simulate(text: string | Buffer, format: 'csv' | 'xlsx' = 'csv', resolver = fakeResolver()): Promise<SimulatedLine[]> {
  const lines: SimulatedLine[] = [];
  const simulation = new ImportSimulation(resolver, async (batch) => void lines.push(...batch), format === 'xlsx');
  for await (const row of importRows(Readable.from([Buffer.from(text)]), format)) await simulation.add(row);
  await simulation.end();
  return lines.sort((a, b) => a.line - b.line);
}
