import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_API_KEYS } from '@portal/service-auth';
import request from 'supertest';

/** One call a webhook receiver took. */
export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** When its body had arrived (the receiver's calls are kept in that order). */
  at: number;
  /** The status answered; 0 while the answer is awaited. */
  status: number;
  /** When the answer went (0 while awaited). */
  answeredAt: number;
  /** The caller's connection closed before any answer: the sender went away mid-attempt. */
  cut: boolean;
  /** The caller's end of the connection (the port tells which process sent it). */
  remotePort: number;
}

/**
 * What the receiver answers to one call: a status (an async one holds the call until it settles), or
 * null when `answer` wrote the response itself.
 */
export type ReceiverAnswer = (path: string, req: http.IncomingMessage, res: http.ServerResponse) => number | null | Promise<number>;

/**
 * A webhook receiver on 127.0.0.1 (the webhook tests allow it in plain http with WEBHOOK_HTTP_HOSTS):
 * every call it took and how, answered as `answer` says (an error status with a body the delivery log shows).
 */
export async function webhookReceiver(answer: ReceiverAnswer) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const path = req.url ?? '/';
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      const call: Received = {
        path,
        headers,
        body,
        at: Date.now(),
        status: 0,
        answeredAt: 0,
        cut: false,
        remotePort: req.socket.remotePort ?? 0,
      };
      res.once('close', () => {
        if (!res.writableFinished && !call.status) call.cut = true;
      });
      const reply = (status: number) => {
        if (call.cut) return;
        call.status = status;
        call.answeredAt = Date.now();
        res.writeHead(status).end(status >= 400 ? 'receiver down for maintenance' : '');
      };
      const status = answer(path, req, res);
      if (typeof status === 'number') reply(status);
      else if (status === null) Object.assign(call, { status: res.statusCode, answeredAt: Date.now() });
      received.push(call);
      if (status instanceof Promise) void status.then(reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((r) => server.close(r)),
  };
}

/** A call's body: the Standard Webhooks shape every message has. */
export const bodyOf = (r: Received) => JSON.parse(r.body) as { type: string; timestamp: string; data: Record<string, unknown> };

/** One status change of a warehouse order (GLS, one line), at now unless told. */
export interface StatusChange {
  reference: string;
  depositorId: number;
  status: number;
}

/** Status changes of orders as the warehouse feeds them: one bulk post with the demo warehouse key. */
export function feedStatusChanges(url: string, changes: StatusChange[]) {
  const at = new Date().toISOString();
  return request(url)
    .post('/api/feed/tracking/orders/bulk')
    .set('X-Api-Key', DEMO_API_KEYS.warehouse)
    .send({
      orders: changes.map(({ reference, depositorId, status }) => ({
        reference,
        depositorId,
        depositorCode: depositorId === 1 ? 'DEMO-A' : 'DEMO-B',
        platformId: 1,
        carrier: { code: 'GLS', name: 'GLS' },
        recipient: { company: 'Pharmacie du Centre', name: 'Camille Bernard', zip: '69003', town: 'Lyon', country: 'FR' },
        createdAt: new Date(Date.now() - 3_600_000).toISOString(),
        lines: [{ reference: 'ART-1', label: 'Article', quantityOrdered: 1, quantitySent: 1 }],
        statuses: [{ status, at }],
      })),
    });
}

/** Polls `find` until it answers something (not undefined nor false); throws after `timeoutMs`. */
export async function waitUntil<T>(what: string, find: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined && found !== false) return found;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
