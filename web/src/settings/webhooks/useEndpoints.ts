import { useCallback, useEffect, useState } from 'react';
import type { AdminUserOptionsDto, WebhookEndpointDto } from '@portal/contracts';
import { api } from '../../core/api';
import { webhooksApi } from './webhooksApi';

export type DepositorOption = AdminUserOptionsDto['depositors'][number];

/**
 * The user's webhook endpoints (null while read, or after a failure: `failure`) and the depositors
 * they reach, as the API keys' form offers them (/admin/users/options).
 */
export function useEndpoints() {
  const [endpoints, setEndpoints] = useState<WebhookEndpointDto[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [depositors, setDepositors] = useState<DepositorOption[]>([]);

  const reload = useCallback(() => {
    webhooksApi.list().then(
      (list) => {
        setEndpoints(Array.isArray(list) ? list : []);
        setFailure(null);
      },
      (error: unknown) => setFailure(error),
    );
  }, []);
  useEffect(() => {
    reload();
    api<AdminUserOptionsDto>('/admin/users/options')
      .then((options) => setDepositors(options?.depositors ?? []))
      .catch(() => setDepositors([]));
  }, [reload]);

  const codeOf = (id: number) => depositors.find((d) => d.id === id)?.code ?? String(id);
  return { endpoints, failure, depositors, reload, codeOf };
}
