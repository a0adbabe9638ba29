import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_RETRY_HOURS } from '@portal/contracts';

/** A new endpoint secret: `whsec_` and the base64 of 32 random bytes (Standard Webhooks). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed with the secret's decoded bytes. */
export function webhookSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/**
 * The Standard Webhooks headers of one attempt: the delivery's id (the same on every attempt), the
 * time of this attempt, and one signature per secret in use (two during a rotation's overlap).
 */
export function webhookHeaders(secrets: readonly string[], id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((s) => webhookSignature(s, id, timestampSeconds, body)).join(' '),
  };
}

/**
 * Waits before each retry, in seconds: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (27 h 35 min in all,
 * more than WEBHOOK_RETRY_HOURS). After the last, the delivery fails and the endpoint is disabled.
 */
export const WEBHOOK_RETRY_SCHEDULE_S: readonly number[] = [5, 300, 1800, 7200, 18_000, 36_000, 36_000];
export const WEBHOOK_ATTEMPTS = WEBHOOK_RETRY_SCHEDULE_S.length + 1;
if (WEBHOOK_RETRY_SCHEDULE_S.reduce((a, b) => a + b, 0) < WEBHOOK_RETRY_HOURS * 3600) throw new Error('webhook retries end too soon');

/**
 * The wait before the next attempt once `attempts` have failed, or null when none is left.
 * `scale` shrinks the whole schedule (WEBHOOK_RETRY_SCALE: tests run a day of retries in seconds).
 */
export function retryDelayMs(attempts: number, scale = 1): number | null {
  const wait = WEBHOOK_RETRY_SCHEDULE_S[attempts - 1];
  return wait === undefined ? null : Math.max(0, Math.round(wait * 1000 * scale));
}
