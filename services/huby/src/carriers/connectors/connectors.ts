import type { CarrierConnector } from '@portal/contracts';
import type { CarrierAdapter } from '../carrier-adapter';
import { CarrierLine, carrierLineOptions, type CarrierLineOptions } from './carrier-line';
import { ChronopostConnector } from './chronopost';
import { ColissimoConnector } from './colissimo';
import type { OpenAccount } from './connection-test';
import { DhlExpressConnector } from './dhl-express';
import { DpdConnector } from './dpd';
import { GlsConnector } from './gls';
import { UpsConnector } from './ups';

const NAMES: Record<Exclude<CarrierConnector, 'demo'>, string> = {
  ups: 'UPS',
  dhl_express: 'DHL Express',
  colissimo: 'Colissimo',
  chronopost: 'Chronopost',
  dpd: 'DPD France',
  gls: 'GLS',
};

/**
 * The connector of a carrier account, on its own line (time budget, retries, circuit breaker): UPS
 * and DHL Express; Colissimo opens its line itself, one that keeps its multipart labels' bytes.
 */
export function connectorFor(account: OpenAccount, options: CarrierLineOptions = carrierLineOptions()): CarrierAdapter {
  if (account.connector === 'demo') throw new Error('the demo carrier is not a connector');
  const line = new CarrierLine(NAMES[account.connector], account.secrets, options);
  if (account.connector === 'ups') return new UpsConnector(account, line);
  if (account.connector === 'dhl_express') return new DhlExpressConnector(account, line);
  // Chronopost answers unreadable requests with SOAP faults (HTTP 500) and its own failures with HTTP 200:
  // it opens its own line, one that reads them.
  if (account.connector === 'chronopost') return new ChronopostConnector(account, options);
  // DPD France answers its refusals as SOAP faults with HTTP 500: it opens its own line, one that reads them.
  if (account.connector === 'dpd') return new DpdConnector(account, options);
  // GLS writes its refusals in answer headers: it opens its own line, one that reads them.
  if (account.connector === 'gls') return new GlsConnector(account, options);
  return new ColissimoConnector(account, options);
}
