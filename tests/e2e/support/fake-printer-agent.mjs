// A fake local printer agent for the browser tests: the Zebra Browser Print protocol on a free port of
// 127.0.0.1 (GET available / default / config, POST write / read with a text/plain JSON body), one
// Zebra printer, every write kept. Its status answer (~HQES) says ready unless told otherwise.
import http from 'node:http';

export const FAKE_PRINTER = {
  name: 'ZD421 Quai 2',
  uid: 'ZD421-QUAI2',
  connection: 'network',
  deviceType: 'printer',
  provider: 'com.zebra.ds.webdriver.desktop.provider.DefaultDeviceProvider',
  manufacturer: 'Zebra Technologies',
  version: 4,
};
const READY = 'PRINTER STATUS\r\n   ERRORS:         0 00000000 00000000\r\n   WARNINGS:       0 00000000 00000000\r\n';

export async function startFakePrinterAgent() {
  const writes = [];
  const sockets = new Set();
  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      const json = (value) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
      if (req.method === 'GET' && path === '/available') return json({ printer: [FAKE_PRINTER] });
      if (req.method === 'GET' && path === '/default') return json(FAKE_PRINTER);
      if (req.method === 'GET' && path === '/config') return json({ application: { version: '1.3.1' } });
      if (req.method === 'POST' && (path === '/write' || path === '/read')) {
        let message;
        try {
          message = JSON.parse(body);
        } catch {
          return void res.writeHead(400).end('bad json');
        }
        if (message.device?.uid !== FAKE_PRINTER.uid) return void res.writeHead(404).end('unknown device');
        if (path === '/write') {
          writes.push(message.data);
          return void res.writeHead(200).end();
        }
        return void res.writeHead(200, { 'Content-Type': 'text/plain' }).end(READY);
      }
      res.writeHead(404).end();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    writes,
    /** The labels sent so far (the status queries left out). */
    labels: () => writes.filter((w) => w.includes('^XA')),
    stop: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
