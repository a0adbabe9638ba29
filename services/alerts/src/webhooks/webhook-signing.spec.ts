import { WEBHOOK_RETRY_HOURS } from '@portal/contracts';
import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, retryDelayMs, WEBHOOK_ATTEMPTS, WEBHOOK_RETRY_SCHEDULE_S, webhookHeaders } from './webhook-signing';

describe('webhook signing (Standard Webhooks)', () => {
  const body = JSON.stringify({ type: 'order.status_changed', timestamp: '2026-12-04T10:00:00.000Z', data: { reference: 'BL1' } });

  it('signs so that the standardwebhooks verifier accepts it, and refuses a tampered body or another secret', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    const now = Math.floor(Date.now() / 1000);
    const headers = webhookHeaders([secret], 'a1b2c3', now, body);
    expect(headers['webhook-id']).toBe('a1b2c3');
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace('BL1', 'BL2'), headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, webhookHeaders([secret], 'a1b2c3', now - 3600, body))).toThrow();
  });

  it('signs with both secrets during a rotation: either verifies', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = webhookHeaders([current, previous], 'id-1', Math.floor(Date.now() / 1000), body);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(() => new Webhook(current).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(previous).verify(body, headers)).not.toThrow();
  });

  it('retries with exponential backoff for more than WEBHOOK_RETRY_HOURS, then gives up; the scale shrinks it', () => {
    const total = WEBHOOK_RETRY_SCHEDULE_S.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(WEBHOOK_RETRY_HOURS * 3600);
    expect(WEBHOOK_ATTEMPTS).toBe(WEBHOOK_RETRY_SCHEDULE_S.length + 1);
    expect(retryDelayMs(1)).toBe(5000);
    expect(retryDelayMs(2)).toBe(300_000);
    for (let n = 2; n < WEBHOOK_ATTEMPTS; n++) expect(retryDelayMs(n)!).toBeGreaterThanOrEqual(retryDelayMs(n - 1)!);
    expect(retryDelayMs(WEBHOOK_ATTEMPTS)).toBeNull();
    expect(retryDelayMs(1, 0.001)).toBe(5);
  });
});
