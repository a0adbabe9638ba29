/**
 * Cold-chain certificate of a tracking order (issue 16 item 5): tracking asks fever
 * (FeverSubjects.certificate with a FeverCertificateRequest), fever answers the PDF and its verdict,
 * tracking keeps the PDF as one of the order's documents (type COLD_CHAIN).
 */

/** Fever's answer: the PDF (base64) and what it concludes. */
export interface FeverCertificateDto {
  /** File name of the PDF, e.g. `certificat-froid-CMD000123.pdf`. */
  name: string;
  pdfBase64: string;
  /** The zones the certificate covers (codes). */
  zones: string[];
  verdict: FeverCertificateVerdict;
  /** The stay runs up to now: the order has not shipped yet. */
  provisional: boolean;
}

/**
 * `conforming`: every reading within the thresholds, no excursion overlapping the stay, no silence;
 * `conformingWithSilences`: the same with silences stated (the time they cover is not certified);
 * `notConforming`: a reading outside the thresholds or an excursion overlapping the stay;
 * `noReadings`: no probe of the zone reported during the stay (nothing to certify).
 */
export const FEVER_CERTIFICATE_VERDICTS = ['conforming', 'conformingWithSilences', 'notConforming', 'noReadings'] as const;
export type FeverCertificateVerdict = (typeof FEVER_CERTIFICATE_VERDICTS)[number];

/** A probe's readings further apart than this (or than the stay's bounds) are a silence on the certificate. */
export const FEVER_CERTIFICATE_SILENCE_MINUTES = 60;
/** A stay longer than this (reception to shipping) is certified over its last days only: no reading is kept longer. */
export const FEVER_CERTIFICATE_MAX_DAYS = 400;

/** Keys of the certificate (merged into ERROR_STATUS). */
export const FEVER_CERTIFICATE_ERROR_STATUS = {
  /**
   * No zone with probes for the order: no platform, its store names no zone of its depositor there,
   * or the depositor has no probe on that platform (params.platformId, params.store).
   */
  coldChainNoProbes: 422,
  /** The probes service did not answer: nothing is stored, the user tries again later. */
  coldChainUnavailable: 503,
} as const;

/** Tracking's answer to the user: the stored document and what the certificate concludes. */
export interface ColdChainDocumentDto {
  documentId: string;
  name: string;
  verdict: FeverCertificateVerdict;
  provisional: boolean;
  zones: string[];
}
