import type {
  WebhookDeliveryDetailDto,
  WebhookDeliveryPage,
  WebhookDeliveryStatus,
  WebhookEndpointDto,
  WebhookEndpointInput,
  WebhookSecretDto,
} from '@portal/contracts';
import { api } from '../../core/api';
import { deliveriesPath, deliveryPath, endpointPath, WEBHOOKS_PATH } from './model';

/** The webhooks' calls (/api/settings/webhooks, contracts webhooks.ts), as the API keys' tab calls its own. */
export const webhooksApi = {
  list: () => api<WebhookEndpointDto[]>(WEBHOOKS_PATH),
  /** The new endpoint with its secret, shown once. */
  create: (body: WebhookEndpointInput) => api<WebhookSecretDto>(WEBHOOKS_PATH, { method: 'POST', body }),
  update: (id: string, body: WebhookEndpointInput) => api<WebhookEndpointDto>(endpointPath(id), { method: 'PUT', body }),
  remove: (id: string) => api<unknown>(endpointPath(id), { method: 'DELETE' }),
  /** A new secret, shown once; the previous one keeps signing for the overlap. */
  rotate: (id: string) => api<WebhookSecretDto>(`${endpointPath(id)}/rotate`, { method: 'POST' }),
  enable: (id: string) => api<unknown>(`${endpointPath(id)}/enable`, { method: 'POST' }),
  disable: (id: string) => api<unknown>(`${endpointPath(id)}/disable`, { method: 'POST' }),
  test: (id: string) => api<unknown>(`${endpointPath(id)}/test`, { method: 'POST' }),
  deliveries: (id: string, status: WebhookDeliveryStatus | null, before: string | null, signal?: AbortSignal) =>
    api<WebhookDeliveryPage>(deliveriesPath(id, status, before), { signal }),
  delivery: (id: string, deliveryId: string) => api<WebhookDeliveryDetailDto>(deliveryPath(id, deliveryId)),
  redeliver: (id: string, deliveryId: string) => api<unknown>(`${deliveryPath(id, deliveryId)}/redeliver`, { method: 'POST' }),
};
