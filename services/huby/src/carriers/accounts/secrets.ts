import path from 'node:path';
import { loadSecretsKey, SealedSecrets } from '@portal/ops';

/** The file the key is kept in when CARRIER_SECRETS_KEY is not set; `npm run backup` carries it. */
export const CARRIER_SECRETS_KEY_FILE = 'carrier-secrets.key';

/**
 * The 32-byte key of the carrier credentials: `CARRIER_SECRETS_KEY` (base64 or 64 hex digits,
 * required when services run apart: every copy of Huby must read what another sealed), else a key
 * created once in the data folder (mode 0600) so that the all-in-one portal keeps its accounts.
 */
export function loadCarrierSecretsKey(env = process.env, dataDir = path.resolve(env.DATA_DIR ?? 'data')): Buffer {
  return loadSecretsKey({ variable: 'CARRIER_SECRETS_KEY', file: CARRIER_SECRETS_KEY_FILE }, env, dataDir);
}

/** Carrier credentials sealed at rest (libs/ops SealedSecrets), bound to their tour. */
export class CarrierSecrets extends SealedSecrets {
  constructor(key: Buffer) {
    super(key, 'carrier credentials', 'CARRIER_SECRETS_KEY or the data folder key changed');
  }
}
