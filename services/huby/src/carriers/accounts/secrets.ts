import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The file the key is kept in when CARRIER_SECRETS_KEY is not set; `npm run backup` carries it. */
export const CARRIER_SECRETS_KEY_FILE = 'carrier-secrets.key';
const VERSION = 'v1';

/**
 * The 32-byte key of the carrier credentials: `CARRIER_SECRETS_KEY` (base64 or 64 hex digits,
 * required when services run apart: every copy of Huby must read what another sealed), else a key
 * created once in the data folder (mode 0600) so that the all-in-one portal keeps its accounts.
 */
export function loadCarrierSecretsKey(env = process.env, dataDir = path.resolve(env.DATA_DIR ?? 'data')): Buffer {
  const given = env.CARRIER_SECRETS_KEY?.trim();
  if (given) {
    const key = /^[0-9a-f]{64}$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.from(given, 'base64');
    if (key.length !== 32) throw new Error('CARRIER_SECRETS_KEY must be 32 bytes, in base64 or as 64 hex digits');
    return key;
  }
  const file = path.join(dataDir, CARRIER_SECRETS_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process of the same portal wrote it first: read theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key`);
  return key;
}

/**
 * Credentials sealed with AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` (base64url), bound to what they
 * belong to (`aad`, the tour): a sealed value copied onto another row does not open.
 */
export class CarrierSecrets {
  constructor(private readonly key: Buffer) {}

  seal(values: Record<string, string>, aad: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const sealed = Buffer.concat([cipher.update(JSON.stringify(values), 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), sealed].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  /** The credentials, or null when they cannot be opened (the key changed): they must be entered again. */
  tryOpen(sealed: string, aad: string): Record<string, string> | null {
    try {
      return this.open(sealed, aad);
    } catch {
      return null;
    }
  }

  /** The credentials, or a refusal naming no value when the key or the binding is not the one they were sealed with. */
  open(sealed: string, aad: string): Record<string, string> {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('carrier credentials: unknown format');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(aad, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const text = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      return JSON.parse(text) as Record<string, string>;
    } catch {
      throw new Error('carrier credentials cannot be opened with this key (CARRIER_SECRETS_KEY or the data folder key changed)');
    }
  }
}
