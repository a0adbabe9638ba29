/** Spec §8 import keys (every import: Huby orders, the back office's users, depositors, addresses) and their HTTP status. */
export const IMPORT_ERROR_STATUS = {
  /** One per refused line, with its line number (params.line) when another line caused it. */
  importNoReference: 422,
  importWriteFailed: 422,
  importElementCount: 422,
  importUnknownLineType: 422,
  importUnknownAddressCode: 422,
  importUnknownPackagingCode: 422,
  importUnknownTourCode: 422,
  importEmptyLine: 422,
  importMalformedReference: 422,
  importEmailFormat: 422,
  importCodeNotAuthorized: 422,
  /** The header row does not name the kind's columns, in their order (params.column, params.expected). */
  importHeaderMismatch: 422,
  /** An import whose simulation refused lines, asked without force (params.refused). */
  importHasRefusedLines: 409,
  /** The simulation is still reading its file, or was already imported (params.state). */
  importNotReady: 409,
} as const;
