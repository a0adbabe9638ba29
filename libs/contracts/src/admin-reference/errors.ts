/** Their HTTP status; merged into ERROR_STATUS. depositorCodeAlreadyExists is spec §8's own. */
export const ADMIN_REFERENCE_ERROR_STATUS = {
  platformCodeAlreadyExists: 409,
  /** Activity codes are unique per depositor. */
  activityCodeAlreadyExists: 409,
  /** Store codes are unique per depositor. */
  storeCodeAlreadyExists: 409,
  /** One template per code and language. */
  emailTemplateAlreadyExists: 409,
  /** A platform still holding stores cannot be deleted (params.stores). */
  platformInUse: 409,
} as const;
export type AdminReferenceErrorKey = keyof typeof ADMIN_REFERENCE_ERROR_STATUS;
