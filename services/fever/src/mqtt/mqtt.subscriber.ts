import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { AppError, type CallerContext, type FeverIngestResult } from '@portal/contracts';
import { connect, type IPublishPacket, type MqttClient } from 'mqtt';
import { ReadingsService } from '../readings/readings.service';
import { ApiKeyCache } from './api-key-cache';

/** Largest message taken (FEVER_MAX_BATCH readings are about 0.5 MB of JSON). */
export const FEVER_MQTT_MAX_BYTES = 2 * 1024 * 1024;
const GATEWAY = /^[A-Za-z0-9_.-]{1,64}$/;

export interface FeverMqttOptions {
  url: string;
  /** Topics are `<prefix>/<gateway>/readings` and `<prefix>/<gateway>/replies`. */
  prefix: string;
  /** The shared subscription's group: each message goes to one copy of the service. */
  group: string;
  username?: string;
  password?: string;
  /** Connections of this copy, each a member of the share group: messages stored at once (one per connection). */
  connections: number;
}

export function mqttOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): FeverMqttOptions | null {
  if (!env.FEVER_MQTT_URL) return null;
  return {
    url: env.FEVER_MQTT_URL,
    prefix: (env.FEVER_MQTT_TOPIC_PREFIX ?? 'portal/fever').replace(/\/+$/, ''),
    group: env.FEVER_MQTT_GROUP ?? 'portal-fever',
    username: env.FEVER_MQTT_USERNAME,
    password: env.FEVER_MQTT_PASSWORD,
    connections: Math.min(16, Math.max(1, Number(env.FEVER_MQTT_CONNECTIONS ?? 4) || 4)),
  };
}

type Reply = ({ id: string | null } & FeverIngestResult) | { id: string | null; error: ReturnType<AppError['toBody']>['error'] };

/**
 * Readings over MQTT, the probes' usual protocol (README "Probe gateways"): a gateway publishes
 * `{ apiKey, id?, readings: [...] }` on `<prefix>/<gateway>/readings` (QoS 1); the service, subscribed
 * through `$share/<group>/…` so that one copy takes each message, stores it under the same rules as
 * HTTP and answers `{ id, accepted, duplicates, refused }` or `{ id, error }` on
 * `<prefix>/<gateway>/replies` (or the MQTT 5 response topic under `<prefix>/<gateway>/`, with its
 * correlation data). A message is acknowledged once stored and answered, one at a time per
 * connection (FEVER_MQTT_CONNECTIONS per copy, each in the share group); the connections reconnect
 * by themselves and subscribe again. Off without FEVER_MQTT_URL.
 */
@Injectable()
export class FeverMqttSubscriber implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('FeverMqtt');
  private readonly clients: MqttClient[] = [];
  /** The message each connection is storing (shutdown lets them finish). */
  private readonly inflight = new Map<MqttClient, Promise<void>>();
  private readonly options = mqttOptionsFromEnv();

  constructor(
    @Inject(ReadingsService) private readonly readings: ReadingsService,
    @Inject(ApiKeyCache) private readonly keys: ApiKeyCache,
  ) {}

  onApplicationBootstrap(): void {
    if (this.options) for (let n = 1; n <= this.options.connections; n++) this.start(this.options, n);
  }

  async beforeApplicationShutdown(): Promise<void> {
    // The messages under way stored and answered, then the connections closed.
    await Promise.race([Promise.all(this.inflight.values()), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    await Promise.all(this.clients.map((c) => c.endAsync(true).catch(() => undefined)));
  }

  private start(options: FeverMqttOptions, n: number): void {
    const topic = `$share/${options.group}/${options.prefix}/+/readings`;
    const client = connect(options.url, {
      clientId: `portal-fever-${os.hostname()}-${process.pid}-${n}-${randomUUID().slice(0, 8)}`,
      protocolVersion: 5,
      clean: true,
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
      username: options.username,
      password: options.password,
      resubscribe: true,
    });
    this.clients.push(client);
    client.handleMessage = (packet, done) => {
      const handled = this.handle(client, options, packet)
        .catch((e: unknown) => this.logger.error(`message on ${packet.topic} failed: ${e instanceof Error ? e.message : String(e)}`))
        .finally(() => done());
      this.inflight.set(client, handled);
    };
    client.on('connect', () => {
      client.subscribe(topic, { qos: 1 }, (err) => {
        if (err) this.logger.error(`cannot subscribe to ${topic}: ${err.message}`);
        else if (n === 1) this.logger.log(`subscribed to ${topic} on ${redact(options.url)} (${options.connections} connections)`);
      });
    });
    client.on('error', (e) => this.logger.warn(`MQTT ${redact(options.url)}: ${e.message}`));
  }

  private async handle(client: MqttClient, options: FeverMqttOptions, packet: IPublishPacket): Promise<void> {
    const parts = packet.topic.slice(options.prefix.length + 1).split('/');
    const gateway = parts[0];
    if (!packet.topic.startsWith(`${options.prefix}/`) || parts.length !== 2 || parts[1] !== 'readings' || !GATEWAY.test(gateway)) return;
    const base = `${options.prefix}/${gateway}/`;
    const asked = packet.properties?.responseTopic;
    const replyTopic = asked && asked.startsWith(base) && !/[+#]/.test(asked) ? asked : `${base}replies`;
    const message = parse(packet.payload);
    const id = !(message instanceof AppError) && typeof message.id === 'string' && message.id.length <= 100 ? message.id : null;
    const reply = await this.answer(message, id);
    // Not awaited: the broker's acknowledgement comes in behind this message, which holds the client's
    // incoming queue until it is done (mqtt.js keeps the reply in its store and sends it again if need be).
    client.publish(
      replyTopic,
      JSON.stringify(reply),
      { qos: 1, properties: packet.properties?.correlationData ? { correlationData: packet.properties.correlationData } : undefined },
      (e) => e && this.logger.warn(`reply on ${replyTopic} not sent: ${e.message}`),
    );
  }

  private async answer(message: Record<string, unknown> | AppError, id: string | null): Promise<Reply> {
    try {
      if (message instanceof AppError) throw message;
      const requestId = `mqtt-${randomUUID()}`;
      const gateway = await this.keys.resolve(message.apiKey, requestId);
      const ctx: CallerContext = {
        requestId,
        client: gateway.client,
        roles: [],
        scope: gateway.scope,
        locale: 'fr_FR',
        timezone: 'Europe/Paris',
      };
      return { id, ...(await this.readings.ingest(ctx, message)) };
    } catch (e) {
      if (e instanceof AppError) return { id, error: e.toBody().error };
      this.logger.error(`batch ${id ?? '(no id)'} failed: ${e instanceof Error ? e.message : String(e)}`);
      return { id, error: new AppError('serverUnavailable', 'the batch was not stored: send it again').toBody().error };
    }
  }
}

/** The message as JSON: an object, or the AppError that says why not. */
function parse(payload: Buffer | string): Record<string, unknown> | AppError {
  const bytes = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (bytes > FEVER_MQTT_MAX_BYTES) return new AppError('sizeLimitExceeded', 'message too large', { limit: FEVER_MQTT_MAX_BYTES });
  try {
    const value: unknown = JSON.parse(payload.toString());
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  return new AppError('validationFailed', 'the message must be a JSON object { apiKey, id?, readings }', undefined, {
    message: 'invalidFormat',
  });
}

const redact = (url: string) => url.replace(/\/\/[^@/]*@/, '//***@');
