import http from 'node:http';
import https from 'node:https';
import { Injectable } from '@nestjs/common';
import { WEBHOOK_RESPONSE_EXCERPT, WEBHOOK_TIMEOUT_MS } from '@portal/contracts';
import { OutboundRefused, pinnedLookup } from '@portal/ops';
import { WebhookAddressGuard } from './webhook-address';

export interface WebhookAttempt {
  delivered: boolean;
  statusCode: number | null;
  durationMs: number;
  /** The answer's first WEBHOOK_RESPONSE_EXCERPT characters, or why there was none. */
  response: string | null;
}

export interface OutgoingWebhook {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** Connections kept open between attempts (a busy endpoint takes many messages a second). */
const AGENT_OPTIONS = { keepAlive: true, maxSockets: 32, maxFreeSockets: 8, scheduling: 'lifo' as const };

/**
 * One attempt to one endpoint: the address is resolved and checked again (DNS rebinding), the
 * connection goes to the address checked (Host and TLS name kept), a redirect is never followed
 * (node:http follows none: a 3xx is a failed attempt), and the answer is cut at the excerpt.
 */
@Injectable()
export class WebhookSender {
  private readonly httpAgent = new http.Agent(AGENT_OPTIONS);
  private readonly httpsAgent = new https.Agent(AGENT_OPTIONS);

  constructor(private readonly guard: WebhookAddressGuard) {}

  async send(message: OutgoingWebhook, timeoutMs = Number(process.env.WEBHOOK_TIMEOUT_MS ?? WEBHOOK_TIMEOUT_MS)): Promise<WebhookAttempt> {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    let target;
    try {
      target = await this.guard.resolve(message.url);
    } catch (e) {
      const reason =
        e instanceof OutboundRefused
          ? e.reason === 'httpsRequired'
            ? 'webhookHttpsRequired'
            : 'webhookAddressRefused'
          : 'webhookAddressRefused';
      return {
        delivered: false,
        statusCode: null,
        durationMs: took(),
        response: `${reason}: ${e instanceof Error ? e.message : String(e)}`,
      };
    }
    const secure = target.url.protocol === 'https:';
    return new Promise<WebhookAttempt>((resolve) => {
      let settled = false;
      const done = (attempt: Omit<WebhookAttempt, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...attempt, durationMs: took() });
      };
      const request = (secure ? https : http).request({
        protocol: target.url.protocol,
        host: target.hostname,
        port: target.port,
        path: `${target.url.pathname}${target.url.search}`,
        method: 'POST',
        agent: secure ? this.httpsAgent : this.httpAgent,
        lookup: pinnedLookup(target.address) as unknown as http.RequestOptions['lookup'],
        ...(secure ? { servername: target.hostname } : {}),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(message.body),
          'user-agent': 'Portal-Webhooks/1.0',
          ...message.headers,
        },
      });
      const timer = setTimeout(() => {
        request.destroy(new Error(`no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      request.on('error', (e) =>
        done({ delivered: false, statusCode: null, response: `no answer: ${e.message}`.slice(0, WEBHOOK_RESPONSE_EXCERPT) }),
      );
      request.on('response', (res) => {
        const status = res.statusCode ?? 0;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < WEBHOOK_RESPONSE_EXCERPT) text += chunk;
        });
        const finish = () => {
          const excerpt = text.slice(0, WEBHOOK_RESPONSE_EXCERPT);
          if (status >= 300 && status < 400)
            done({
              delivered: false,
              statusCode: status,
              response: `redirect to ${String(res.headers.location ?? '?')} not followed`.slice(0, WEBHOOK_RESPONSE_EXCERPT),
            });
          else done({ delivered: status >= 200 && status < 300, statusCode: status, response: excerpt || null });
        };
        res.on('end', finish);
        res.on('error', finish);
        res.on('aborted', finish);
      });
      request.end(message.body);
    });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}
