import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { allowListOf, isPublicAddress, OutboundRefused, pinnedLookup, resolveOutbound, type Resolver } from './outbound';

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (e) {
    if (e instanceof OutboundRefused) return e.reason;
    throw e;
  }
  return 'accepted';
};

describe('outbound address guard', () => {
  const publicResolver: Resolver = async () => [{ address: '93.184.215.14', family: 4 }];

  it('tells public addresses from loopback, private, link-local, metadata, reserved and their IPv6 disguises', () => {
    for (const ok of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4007:80f::200e', '64:ff9b::808:808', '::ffff:8.8.8.8'])
      expect([ok, isPublicAddress(ok)]).toEqual([ok, true]);
    for (const refused of [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '0.1.2.3',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
      '192.0.2.1',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '::127.0.0.1',
      '64:ff9b::a00:1',
      '64:ff9b::192.168.0.1',
      '2002:7f00:1::',
      '2001:db8::1',
      'not an address',
    ])
      expect([refused, isPublicAddress(refused)]).toEqual([refused, false]);
  });

  it('wants https, plain http only to an allowed host:port, which is also spared the range check', async () => {
    expect(await refusal(resolveOutbound('http://erp.example.com/hook', { resolver: publicResolver }))).toBe('httpsRequired');
    expect(await refusal(resolveOutbound('ftp://erp.example.com/hook', { resolver: publicResolver }))).toBe('httpsRequired');
    expect(await refusal(resolveOutbound('not a url'))).toBe('httpsRequired');
    expect(await refusal(resolveOutbound('https://user:pw@erp.example.com/', { resolver: publicResolver }))).toBe('addressRefused');
    const target = await resolveOutbound('https://erp.example.com/hook?x=1', { resolver: publicResolver });
    expect(target).toMatchObject({
      hostname: 'erp.example.com',
      port: 443,
      address: { address: '93.184.215.14', family: 4 },
      allowListed: false,
    });
    const hosts = allowListOf('127.0.0.1:8080, [::1]:9000');
    expect(hosts).toEqual(['127.0.0.1:8080', '[::1]:9000']);
    expect((await resolveOutbound('http://127.0.0.1:8080/in', { httpHosts: hosts })).allowListed).toBe(true);
    expect((await resolveOutbound('http://[::1]:9000/in', { httpHosts: hosts })).address).toEqual({ address: '::1', family: 6 });
    // Another port of the same host is not allowed.
    expect(await refusal(resolveOutbound('http://127.0.0.1:8081/in', { httpHosts: hosts }))).toBe('httpsRequired');
    expect(await refusal(resolveOutbound('https://127.0.0.1:8081/in', { httpHosts: hosts }))).toBe('addressRefused');
  });

  it('refuses literal internal addresses and names resolving to one, and every address a name has is checked', async () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://10.0.0.1/',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/',
      'https://[::ffff:10.0.0.1]/',
    ])
      expect([url, await refusal(resolveOutbound(url, { resolver: publicResolver }))]).toEqual([url, 'addressRefused']);
    const localhost: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    expect(await refusal(resolveOutbound('https://localhost/', { resolver: localhost }))).toBe('addressRefused');
    const mixed: Resolver = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '192.168.0.10', family: 4 },
    ];
    expect(await refusal(resolveOutbound('https://mixed.example.com/', { resolver: mixed }))).toBe('addressRefused');
    const none: Resolver = async () => {
      throw new Error('ENOTFOUND');
    };
    expect(await refusal(resolveOutbound('https://nowhere.example.com/', { resolver: none }))).toBe('addressRefused');
    expect(await refusal(resolveOutbound('https://empty.example.com/', { resolver: async () => [] }))).toBe('addressRefused');
  });

  it('defeats DNS rebinding: public at save, private at delivery is refused at delivery', async () => {
    let answers = 0;
    const rebinding: Resolver = async () => [{ address: answers++ === 0 ? '93.184.215.14' : '10.0.0.5', family: 4 }];
    expect(await refusal(resolveOutbound('https://rebind.example.com/hook', { resolver: rebinding }))).toBe('accepted');
    expect(await refusal(resolveOutbound('https://rebind.example.com/hook', { resolver: rebinding }))).toBe('addressRefused');
  });

  it('connects to the address checked whatever the name says, keeping the Host header', async () => {
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.headers.host ?? '');
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const body = await new Promise<string>((resolve, reject) => {
        const req = http.request(
          {
            host: 'portal-test.invalid',
            port,
            path: '/',
            lookup: pinnedLookup({ address: '127.0.0.1', family: 4 }) as unknown as http.RequestOptions['lookup'],
          },
          (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () => resolve(text));
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(body).toBe('ok');
      expect(seen).toEqual([`portal-test.invalid:${port}`]);
    } finally {
      server.close();
    }
  });
});
