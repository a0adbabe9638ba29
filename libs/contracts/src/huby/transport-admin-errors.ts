/** Error keys of the transport plan's back office (huby/transport-admin.ts), with their HTTP status; merged into ERROR_STATUS. */
export const TRANSPORT_ADMIN_ERROR_STATUS = {
  /** Carrier references are unique across the provider. */
  carrierRefAlreadyExists: 409,
  /** Tour codes are unique per depositor (shipments name their tour by code). */
  tourCodeAlreadyExists: 409,
} as const;
