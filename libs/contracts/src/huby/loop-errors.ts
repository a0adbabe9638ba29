/** Spec §8 Loop order entry keys (and their HTTP status), merged into ERROR_STATUS. */
export const LOOP_ERROR_STATUS = {
  /** The depositor has no stock on the chosen platform: the warehouse does not know it there. */
  loopDepositorNotOnPlatform: 422,
  /** The new recipient could not be saved into the address book (fields say which). */
  loopRecipientSaveFailed: 422,
  /** A line's quantity is not a whole number above 0 (params.reference). */
  loopInvalidQuantity: 400,
  /** A line asks more than the platform's available quantity at that moment (params.reference, params.available). */
  loopAvailableQuantityExceeded: 422,
} as const;
export type LoopErrorKey = keyof typeof LOOP_ERROR_STATUS;
