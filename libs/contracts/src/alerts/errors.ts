/** Error keys of the alerts service with their HTTP status, merged into ERROR_STATUS. */
export const ALERTS_ERROR_STATUS = {
  /** Informing the final recipient needs the VIP Premium right (USER_VIP_PREMIUM). */
  vipPremiumRequired: 403,
  /** A custom subject needs the right USER_CUSTOM_ALERT_SUBJECT. */
  customSubjectRequired: 403,
  /** The mail could not be written: recipient, subject and body are mandatory (spec §5 mail sending). */
  mailIncomplete: 400,
} as const;
