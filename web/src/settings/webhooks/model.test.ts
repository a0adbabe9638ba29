import { describe, expect, it } from 'vitest';
import {
  bodyFieldErrors,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  webhookEndpointSchema,
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
} from '@portal/contracts';
import { fr } from '../../i18n/fr';
import {
  appendPage,
  choiceState,
  deliveriesPath,
  emptyEndpointForm,
  endpointBody,
  endpointState,
  EVENT_CHOICES,
  eventTypeKey,
  eventWordKeys,
  formFromEndpoint,
  logRoute,
  payloadText,
  statusFromQuery,
  toggleChoice,
} from './model';

const choice = (key: string) => EVENT_CHOICES.find((c) => c.key === key)!;
const words = fr.settings.webhooks as unknown as Record<string, Record<string, string>>;
const word = (key: string) => {
  const [group, name] = key.split('.');
  return words[group][name];
};

const endpoint = (over: Partial<WebhookEndpointDto> = {}): WebhookEndpointDto => ({
  id: 'we_1',
  url: 'https://erp.example.com/hooks',
  description: 'ERP',
  depositorIds: [2, 1],
  eventTypes: ['order.delivered', 'order.status_changed'],
  status: 'active',
  disabledReason: null,
  disabledAt: null,
  createdAt: '2026-12-01T08:00:00Z',
  createdBy: 'carla',
  previousSecretUntil: null,
  pending: 0,
  lastDeliveryAt: null,
  ...over,
});

const delivery = (id: string, status: WebhookDeliveryDto['status'] = 'delivered'): WebhookDeliveryDto => ({
  id,
  eventType: 'order.delivered',
  subject: 'CMD-1',
  createdAt: '2026-12-01T08:00:00Z',
  status,
  attempts: 1,
  nextAttemptAt: null,
  lastAttemptAt: '2026-12-01T08:00:01Z',
  lastStatusCode: 200,
  lastDurationMs: 12,
  lastResponse: 'ok',
});

describe('the events a customer ticks', () => {
  it('offers every event type of the contract under exactly one box', () => {
    const offered = EVENT_CHOICES.flatMap((c) => c.types);
    expect([...offered].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    expect(new Set(offered).size).toBe(offered.length);
  });

  it('names every box and every event type (the test event too) in French', () => {
    for (const c of EVENT_CHOICES) expect(words.choices[c.key], c.key).toBeTruthy();
    for (const type of [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT]) expect(words.eventTypes[eventTypeKey(type) ?? ''], type).toBeTruthy();
    expect(word('choices.stockBlock')).toBe('Ligne de stock bloquée / débloquée');
    expect(word('choices.temperature')).toBe('Excursion de température ouverte / clôturée');
  });

  it('ticks both events of a pair with one box, and unticks them together', () => {
    const stock = choice('stockBlock');
    const ticked = toggleChoice(['order.delivered'], stock);
    expect(ticked).toEqual(['order.delivered', 'stock.line_blocked', 'stock.line_unblocked']);
    expect(choiceState(ticked, stock)).toBe('all');
    expect(toggleChoice(ticked, stock)).toEqual(['order.delivered']);
  });

  it('shows half a pair (subscribed through the API) as partly ticked, and a click completes it', () => {
    const temperature = choice('temperature');
    expect(choiceState(['temperature.excursion_opened'], temperature)).toBe('some');
    expect(toggleChoice(['temperature.excursion_opened'], temperature)).toEqual([
      'temperature.excursion_opened',
      'temperature.excursion_closed',
    ]);
    expect(choiceState([], temperature)).toBe('none');
  });

  it('reads an endpoint’s events as the boxes’ words, half a pair as its own event', () => {
    expect(eventWordKeys(['order.status_changed', 'stock.line_blocked', 'stock.line_unblocked']).map(word)).toEqual([
      'Changement de statut d’une commande',
      'Ligne de stock bloquée / débloquée',
    ]);
    expect(eventWordKeys(['temperature.excursion_closed']).map(word)).toEqual(['Excursion de température clôturée']);
    expect(eventWordKeys([])).toEqual([]);
  });

  it('knows the test event, and leaves an event it does not know to its code', () => {
    expect(eventTypeKey(WEBHOOK_TEST_EVENT)).toBe('test');
    expect(eventTypeKey('order.cancelled')).toBeUndefined();
  });
});

describe('the endpoint form', () => {
  it('ticks the only depositor a user reaches, and none of several', () => {
    expect(emptyEndpointForm([7]).depositorIds).toEqual([7]);
    expect(emptyEndpointForm([1, 2]).depositorIds).toEqual([]);
  });

  it('asks for an address, a depositor and an event before calling, as the service’s schema does', () => {
    const problems = (form: ReturnType<typeof emptyEndpointForm>) => bodyFieldErrors(webhookEndpointSchema, endpointBody(form));
    expect(problems(emptyEndpointForm([1, 2]))).toEqual({ url: 'required', depositorIds: 'required', eventTypes: 'required' });
    const form = { ...emptyEndpointForm([1]), eventTypes: ['order.delivered' as const] };
    expect(problems({ ...form, url: 'erp.example.com/hooks' })).toEqual({ url: 'invalidFormat' });
    expect(problems({ ...form, url: 'ftp://erp.example.com/hooks' })).toEqual({ url: 'invalidFormat' });
    expect(problems({ ...form, url: ' https://erp.example.com/hooks ' })).toEqual({});
    // Plain http is left to the service, which alone knows the hosts the provider allows.
    expect(problems({ ...form, url: 'http://127.0.0.1:8080/in' })).toEqual({});
  });

  it('sends the contract’s body: trimmed, depositors and events in a stable order', () => {
    const form = {
      url: ' https://erp.example.com/hooks ',
      description: '  ERP  ',
      depositorIds: [2, 1],
      eventTypes: ['stock.line_unblocked' as const, 'order.delivered' as const],
    };
    expect(endpointBody(form)).toEqual({
      url: 'https://erp.example.com/hooks',
      description: 'ERP',
      depositorIds: [1, 2],
      eventTypes: ['order.delivered', 'stock.line_unblocked'],
    });
  });

  it('opens an endpoint’s form with what it holds', () => {
    expect(formFromEndpoint(endpoint())).toEqual({
      url: 'https://erp.example.com/hooks',
      description: 'ERP',
      depositorIds: [2, 1],
      eventTypes: ['order.status_changed', 'order.delivered'],
    });
  });
});

describe('an endpoint’s state', () => {
  it('tells a disabling by its owner from one by the service after repeated failures', () => {
    expect(endpointState(endpoint())).toBe('active');
    expect(endpointState(endpoint({ status: 'disabled', disabledReason: 'manual' }))).toBe('disabled');
    expect(endpointState(endpoint({ status: 'disabled', disabledReason: 'failing' }))).toBe('failing');
    expect(word('states.failing')).toBe('Désactivé');
    expect(words.failingReason).toBe('Désactivé après échecs répétés');
  });
});

describe('the delivery log', () => {
  it('asks a page by status and cursor, the ids escaped', () => {
    expect(deliveriesPath('we_1', null, null)).toBe('/settings/webhooks/we_1/deliveries');
    expect(deliveriesPath('we_1', 'failed', null)).toBe('/settings/webhooks/we_1/deliveries?status=failed');
    expect(deliveriesPath('a/b', 'pending', 'c+d=')).toBe('/settings/webhooks/a%2Fb/deliveries?status=pending&before=c%2Bd%3D');
    expect(logRoute('a/b')).toBe('/settings/integrations/webhooks/a%2Fb');
  });

  it('appends an older page after the shown one, without showing a delivery twice', () => {
    const first = appendPage({ items: [], next: null }, { items: [delivery('3', 'pending'), delivery('2')], next: 'c2' });
    expect(first.next).toBe('c2');
    const more = appendPage(first, { items: [delivery('2', 'failed'), delivery('1')], next: null });
    expect(more.items.map((d) => [d.id, d.status])).toEqual([
      ['3', 'pending'],
      ['2', 'failed'],
      ['1', 'delivered'],
    ]);
    expect(more.next).toBeNull();
  });

  it('reads the status filter from the address, ignoring anything else', () => {
    expect(statusFromQuery('delivered')).toBe('delivered');
    expect(statusFromQuery('DROP')).toBeNull();
    expect(statusFromQuery(null)).toBeNull();
  });

  it('shows a payload as indented JSON, a kept text as it is', () => {
    expect(payloadText({ type: 'webhook.test', data: { n: 1 } })).toBe('{\n  "type": "webhook.test",\n  "data": {\n    "n": 1\n  }\n}');
    expect(payloadText('raw')).toBe('raw');
    expect(payloadText(undefined)).toBe('');
  });
});
