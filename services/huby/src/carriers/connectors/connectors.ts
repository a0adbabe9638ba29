import { AppError, type CarrierConnector } from '@portal/contracts';
import type { CarrierAdapter } from '../carrier-adapter';
import { CarrierLine, carrierLineOptions, type CarrierLineOptions } from './carrier-line';
import type { OpenAccount } from './connection-test';
import { DhlExpressConnector } from './dhl-express';
import { UpsConnector } from './ups';

const NAMES: Record<Exclude<CarrierConnector, 'demo'>, string> = { ups: 'UPS', dhl_express: 'DHL Express', colissimo: 'Colissimo' };

/**
 * The connector of a carrier account, on its own line (time budget, retries, circuit breaker): UPS
 * and DHL Express. Colissimo accounts can be saved and tested; their label requests come with the
 * next step of issue 34 and are refused meanwhile in words (noCarrierService, code CONNECTOR_PENDING).
 */
export function connectorFor(account: OpenAccount, options: CarrierLineOptions = carrierLineOptions()): CarrierAdapter {
  if (account.connector === 'demo') throw new Error('the demo carrier is not a connector');
  const line = new CarrierLine(NAMES[account.connector], account.secrets, options);
  if (account.connector === 'ups') return new UpsConnector(account, line);
  if (account.connector === 'dhl_express') return new DhlExpressConnector(account, line);
  const name = NAMES[account.connector];
  const pending = (): never => {
    throw new AppError('noCarrierService', `${name}: labels through its web service are not available yet`, {
      carrier: name,
      code: 'CONNECTOR_PENDING',
    });
  };
  return { createVoucher: async () => pending(), cancel: async () => pending() };
}
