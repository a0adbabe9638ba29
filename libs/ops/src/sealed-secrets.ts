import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const VERSION = 'v1';

/** Where a kind of secrets takes its key: an environment variable, else a file of the data folder. */
export interface SecretsKeySource {
  /** The environment variable (base64 or 64 hex digits), e.g. CARRIER_SECRETS_KEY. */
  variable: string;
  /** The file in the data folder used when the variable is not set, e.g. carrier-secrets.key. */
  file: string;
}

/**
 * The 32-byte key of secrets kept at rest: the source's variable (required when services run apart:
 * every copy of a service must read what another sealed), else a key created once in the data folder
 * (mode 0600) so that the all-in-one portal keeps what it sealed; `npm run backup` carries the folder.
 */
export function loadSecretsKey(source: SecretsKeySource, env = process.env, dataDir = path.resolve(env.DATA_DIR ?? 'data')): Buffer {
  const given = env[source.variable]?.trim();
  if (given) {
    const key = /^[0-9a-f]{64}$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.from(given, 'base64');
    if (key.length !== 32) throw new Error(`${source.variable} must be 32 bytes, in base64 or as 64 hex digits`);
    return key;
  }
  const file = path.join(dataDir, source.file);
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
 * Secrets sealed with AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` (base64url), bound to what they
 * belong to (`aad`: a tour, an endpoint): a sealed value copied onto another row does not open.
 * `what` names the secrets in refusals (never their value).
 */
export class SealedSecrets {
  constructor(
    private readonly key: Buffer,
    private readonly what = 'secrets',
    private readonly keyHint = 'the key changed',
  ) {}

  seal(values: Record<string, string>, aad: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const sealed = Buffer.concat([cipher.update(JSON.stringify(values), 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), sealed].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  /** The values, or null when they cannot be opened (the key changed). */
  tryOpen(sealed: string, aad: string): Record<string, string> | null {
    try {
      return this.open(sealed, aad);
    } catch {
      return null;
    }
  }

  /** The values, or a refusal naming no value when the key or the binding is not the one they were sealed with. */
  open(sealed: string, aad: string): Record<string, string> {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error(`${this.what}: unknown format`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(aad, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const text = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      return JSON.parse(text) as Record<string, string>;
    } catch {
      throw new Error(`${this.what} cannot be opened with this key (${this.keyHint})`);
    }
  }
}
