import { describe, expect, it, jest } from '@jest/globals';
import { HubyStatus, sscc, systemContext } from '@portal/contracts';
import type { Db } from '@portal/db';
import type { ShipmentsService } from '../shipments/shipments.service';
import type { ToursService } from '../tours/tours.service';

// A renderer that fails (a font, a barcode the encoder refuses): the answer is labelWriteFailed, not a 5xx without a key.
jest.mock('./pdf-labels', () => ({ renderPdfLabels: () => Promise.reject(new Error('font missing')) }));
const { LabelsService } = require('./labels.service') as typeof import('./labels.service');

const candidate = {
  uuid: '00000000-0000-4000-8000-0000000000aa',
  status: HubyStatus.LabelsReceived,
  reference: 'HUB-WRITE-1',
  depositor_code: 'DEMO-A',
  order_number: null,
  customer_order_number: null,
  shipper: { company_name: 'Plateforme', address1: '1 rue', zip: '77600', town: 'BUSSY', country: 'FR' },
  recipient: { company_name: 'Client', address1: '2 rue', zip: '69002', town: 'LYON', country: 'FR' },
  carrier_code: 'COLISSIMO',
  tour_code: 'COLIS-J1',
  date_shipment_desired: null,
  packings: [{ packages: 1, duplicate_count: 0, weight_kg: 2, packaging_type: null }],
  dangerous_goods: [],
  limited_quantities: null,
  voucher: 'COL1',
  tracking_numbers: ['6A0001'],
  total_weight_kg: 2,
  cash_on_delivery: null,
  appointment: false,
  carrier_comment: null,
  sscc: [sscc(0, '3760123', 9)],
  carrier_name: 'Colissimo',
  carrier_settings: {},
  carrier_formats: [],
};

describe('labels that cannot be written', () => {
  it('answer labelWriteFailed naming the shipments', async () => {
    const db = { scopedQuery: async () => [candidate] } as unknown as Db;
    const service = new LabelsService(db, {} as ShipmentsService, {} as ToursService);
    await expect(service.labelsOf(systemContext('test'), { uuids: [candidate.uuid], format: 'PDF' })).rejects.toMatchObject({
      key: 'labelWriteFailed',
      status: 500,
      params: { references: ['HUB-WRITE-1'] },
    });
  });
});
