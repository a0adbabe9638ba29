/** Spec §8 Claims keys (and their HTTP status), merged into ERROR_STATUS. */
export const CLAIMS_ERROR_STATUS = {
  /** Spec §8 "number incorrect or nonexistent": no delivery or order of the caller's depositors has this number. */
  claimNumberUnknown: 404,
  /** The delivery has not been shipped: there is nothing yet to claim (params.reference, params.status). */
  claimNotShipped: 409,
  /** Several deliveries answer the number: the user chooses one (params.deliveries). */
  claimSeveralDeliveries: 409,
  /** Spec §8 "claim already created by someone (with link)": params.reference, params.uuid, params.creator. */
  claimAlreadyCreated: 409,
  /** Spec §8 "internal error, contact the IT team": tracking could not answer for the delivery. */
  claimInternalError: 502,
  /** A state move the claim's status does not allow (params.from, params.to). */
  claimMoveRefused: 409,
  /** Only a draft can be edited or deleted (params.status). */
  claimNotDraft: 409,
  /** Closing is final: it needs the user's confirmation (confirm: true). */
  claimCloseNotConfirmed: 400,
  /** An attachment of the delivery's evidence (its POD) cannot be removed. */
  claimEvidenceReadOnly: 409,
} as const;
export type ClaimsErrorKey = keyof typeof CLAIMS_ERROR_STATUS;
