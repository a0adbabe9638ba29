import { Inject, Injectable } from '@nestjs/common';
import { BusClient } from '@portal/bus';
import { AppError, AuthSubjects, systemContext, type MachineClient, type Scope } from '@portal/contracts';

export interface ProbeGateway {
  client: MachineClient;
  scope: Scope;
}

type Entry = { until: number; answer: ProbeGateway | AppError };

/**
 * The API keys MQTT gateways send in their messages, resolved by the auth service (as the HTTP
 * gateway does per request) and remembered FEVER_MQTT_KEY_CACHE_MS (30 s): a gateway sends every few
 * seconds, a revoked key stops within that time. A refused key is remembered too (no auth call per
 * message of a misconfigured gateway).
 */
@Injectable()
export class ApiKeyCache {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs = Number(process.env.FEVER_MQTT_KEY_CACHE_MS ?? 30_000);

  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  async resolve(key: unknown, requestId: string): Promise<ProbeGateway> {
    if (typeof key !== 'string' || key.length < 16 || key.length > 200) throw new AppError('invalidApiKey', 'missing or malformed apiKey');
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.until > now) {
      if (cached.answer instanceof AppError) throw cached.answer;
      return cached.answer;
    }
    let answer: ProbeGateway | AppError;
    try {
      const resolved = await this.bus.request<ProbeGateway>(AuthSubjects.resolveApiKey, systemContext(requestId), { key });
      answer = resolved.client.kind === 'probe' ? resolved : new AppError('invalidApiKey', 'this call needs an API key of kind probe');
    } catch (e) {
      // Auth away (serverUnavailable) is not remembered: the next message asks again.
      if (!(e instanceof AppError) || e.key !== 'invalidApiKey') throw e;
      answer = e;
    }
    if (this.entries.size > 10_000) this.entries.clear();
    this.entries.set(key, { until: now + this.ttlMs, answer });
    if (answer instanceof AppError) throw answer;
    return answer;
  }
}
