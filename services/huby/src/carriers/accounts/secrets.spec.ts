import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CarrierSecrets, loadCarrierSecretsKey } from './secrets';

describe('carrier credentials at rest', () => {
  const key = Buffer.alloc(32, 7);

  it('seals with AES-256-GCM: the value never shows, and opens only with the same key and tour', () => {
    const secrets = new CarrierSecrets(key);
    const sealed = secrets.seal({ client_secret: 'S3cr3t-ups' }, 'tour:12');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('S3cr3t');
    expect(Buffer.from(sealed.split('.')[3], 'base64url').toString('latin1')).not.toContain('S3cr3t');
    expect(secrets.open(sealed, 'tour:12')).toEqual({ client_secret: 'S3cr3t-ups' });
    // Two seals of the same value differ (random IV).
    expect(secrets.seal({ client_secret: 'S3cr3t-ups' }, 'tour:12')).not.toBe(sealed);
    expect(() => secrets.open(sealed, 'tour:13')).toThrow(/cannot be opened/);
    expect(() => new CarrierSecrets(Buffer.alloc(32, 8)).open(sealed, 'tour:12')).toThrow(/cannot be opened/);
    const [v, iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] ^= 1;
    expect(() => secrets.open([v, iv, tag, flipped.toString('base64url')].join('.'), 'tour:12')).toThrow(/cannot be opened/);
    expect(() => secrets.open('plain text', 'tour:12')).toThrow(/unknown format/);
    // What the account service uses: unreadable credentials count as none (entered again), never a 5xx.
    expect(new CarrierSecrets(Buffer.alloc(32, 8)).tryOpen(sealed, 'tour:12')).toBeNull();
    expect(secrets.tryOpen(sealed, 'tour:12')).toEqual({ client_secret: 'S3cr3t-ups' });
  });

  it('takes CARRIER_SECRETS_KEY (hex or base64, 32 bytes), else creates one key in the data folder and keeps it', () => {
    expect(loadCarrierSecretsKey({ CARRIER_SECRETS_KEY: key.toString('hex') })).toEqual(key);
    expect(loadCarrierSecretsKey({ CARRIER_SECRETS_KEY: key.toString('base64') })).toEqual(key);
    expect(() => loadCarrierSecretsKey({ CARRIER_SECRETS_KEY: 'short' })).toThrow(/32 bytes/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carrier-key-'));
    try {
      const first = loadCarrierSecretsKey({}, dir);
      expect(first).toHaveLength(32);
      expect(fs.statSync(path.join(dir, 'carrier-secrets.key')).mode & 0o777).toBe(0o600);
      expect(loadCarrierSecretsKey({}, dir)).toEqual(first);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
