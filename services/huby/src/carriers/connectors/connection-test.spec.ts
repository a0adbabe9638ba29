import { baseUrlOf, testConnection, type OpenAccount } from './connection-test';

const ups: OpenAccount = {
  connector: 'ups',
  environment: 'test',
  base_url: null,
  settings: { client_id: 'cid', shipper_number: 'A1B2C3' },
  secrets: { client_secret: 'very-secret-value' },
};
const answering = (status: number, body: string, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
  (async () => new Response(body, { status, headers })) as unknown as typeof fetch;

describe('carrier connection test', () => {
  it('calls the carrier’s published host for its environment, or the account’s own', () => {
    expect(baseUrlOf(ups)).toBe('https://wwwcie.ups.com');
    expect(baseUrlOf({ ...ups, environment: 'production' })).toBe('https://onlinetools.ups.com');
    expect(baseUrlOf({ ...ups, connector: 'dhl_express', environment: 'test' })).toBe('https://express.api.dhl.com/mydhlapi/test');
    expect(baseUrlOf({ ...ups, environment: 'custom', base_url: 'http://127.0.0.1:9000/' })).toBe('http://127.0.0.1:9000');
    expect(baseUrlOf({ ...ups, connector: 'demo' })).toBeNull();
  });

  it('says what failed in words: incomplete, timeout, unreachable, an unexpected answer', async () => {
    expect(await testConnection({ ...ups, connector: 'demo' })).toMatchObject({ ok: true });
    expect(await testConnection({ ...ups, secrets: {} })).toMatchObject({ ok: false, failure: 'incomplete' });
    const timedOut = (async () => {
      throw Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });
    }) as unknown as typeof fetch;
    expect(await testConnection(ups, timedOut)).toMatchObject({
      ok: false,
      failure: 'timeout',
      call: 'POST https://wwwcie.ups.com/security/v1/oauth/token',
    });
    const refused = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    expect(await testConnection(ups, refused)).toMatchObject({ ok: false, failure: 'unreachable' });
    expect(await testConnection(ups, answering(502, '<html>Bad gateway</html>', { 'Content-Type': 'text/html' }))).toMatchObject({
      ok: false,
      failure: 'unexpectedAnswer',
      status: 502,
    });
    // A 200 without a token is not an accepted authentication.
    expect(await testConnection(ups, answering(200, '{"status":"approved"}'))).toMatchObject({ ok: false, failure: 'unexpectedAnswer' });
    expect(await testConnection(ups, answering(302, '', { Location: 'https://elsewhere.example' }))).toMatchObject({
      ok: false,
      failure: 'unexpectedAnswer',
    });
  });

  it('never carries a secret back in the carrier’s words', async () => {
    const echo = answering(
      401,
      JSON.stringify({ response: { errors: [{ code: '10401', message: 'bad secret very-secret-value given' }] } }),
    );
    const result = await testConnection(ups, echo);
    expect(result).toMatchObject({ ok: false, failure: 'authRefused', code: '10401', message: 'bad secret *** given' });
    expect(JSON.stringify(result)).not.toContain('very-secret-value');
  });
});
