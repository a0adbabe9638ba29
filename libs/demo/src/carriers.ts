/**
 * The HMAC secret a demo carrier (DEMO_CARRIERS) signs its tracking webhooks with: seeded in the
 * tracking service with the demo data, used by Huby's built-in demo carrier. A real carrier's secret
 * is set by an administrator and never follows a rule.
 */
export const demoCarrierSecret = (carrier: string): string => `demo-${carrier.toLowerCase()}-webhook-secret`;
