import { loadSecretsKey, SealedSecrets } from '@portal/ops';

/**
 * Endpoint secrets at rest: sealed like the carriers' credentials (AES-256-GCM, bound to the
 * endpoint), with their own key, WEBHOOK_SECRETS_KEY (required when the alerts service runs in
 * several copies), else `webhook-secrets.key` in the data folder. They must be read back in clear to
 * sign, so they cannot be hashed as API keys are.
 */
export class WebhookSecrets {
  private readonly sealed: SealedSecrets;

  constructor(key: Buffer = loadSecretsKey({ variable: 'WEBHOOK_SECRETS_KEY', file: 'webhook-secrets.key' })) {
    this.sealed = new SealedSecrets(key, 'webhook secret', 'WEBHOOK_SECRETS_KEY or the data folder key changed');
  }

  seal(endpointId: string, secret: string): string {
    return this.sealed.seal({ secret }, `webhook:${endpointId}`);
  }

  /** The secret, or null when it cannot be opened (the key changed: the endpoint's secret must be rotated). */
  open(endpointId: string, sealed: string | null): string | null {
    return sealed ? (this.sealed.tryOpen(sealed, `webhook:${endpointId}`)?.secret ?? null) : null;
  }
}
