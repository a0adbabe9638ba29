/** Errors of webhook endpoints (the rest are the general ones: validationFailed, permissionDenied, objectNotFound). */
export const WEBHOOK_ERROR_STATUS = {
  /** The address is not https (plain http only to the hosts the provider allows: WEBHOOK_HTTP_HOSTS). */
  webhookHttpsRequired: 400,
  /** The address is, or resolves to, loopback, private, link-local, metadata or another non-public range. */
  webhookAddressRefused: 400,
  /** The depositor has WEBHOOK_MAX_ENDPOINTS_PER_DEPOSITOR endpoints already. */
  webhookEndpointLimit: 409,
} as const;
