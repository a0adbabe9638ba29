import type { CarrierConnector } from '@portal/contracts';
import type { CarrierAdapter } from '../carrier-adapter';
import { CarrierLine, carrierLineOptions, type CarrierLineOptions } from './carrier-line';
import { ColissimoConnector } from './colissimo';
import type { OpenAccount } from './connection-test';
import { DhlExpressConnector } from './dhl-express';
import { UpsConnector } from './ups';

const NAMES: Record<Exclude<CarrierConnector, 'demo'>, string> = { ups: 'UPS', dhl_express: 'DHL Express', colissimo: 'Colissimo' };

/**
 * The connector of a carrier account, on its own line (time budget, retries, circuit breaker): UPS
 * and DHL Express; Colissimo opens its line itself, one that keeps its multipart labels' bytes.
 */
export function connectorFor(account: OpenAccount, options: CarrierLineOptions = carrierLineOptions()): CarrierAdapter {
  if (account.connector === 'demo') throw new Error('the demo carrier is not a connector');
  const line = new CarrierLine(NAMES[account.connector], account.secrets, options);
  if (account.connector === 'ups') return new UpsConnector(account, line);
  if (account.connector === 'dhl_express') return new DhlExpressConnector(account, line);
  return new ColissimoConnector(account, options);
}
