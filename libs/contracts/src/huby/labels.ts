import type { LabelFormat } from '../settings';

/** Labels (spec §5, §9): at most 10 shipments' labels at once, and a bound on the packages they carry. */
export const HUBY_LABEL_LIMITS = {
  /** Shipments per label request (spec §5 "at most 10 labels at once"). */
  maxShipments: 10,
  /** Package labels per request: 10 shipments of many pallets still print, a runaway count does not. */
  maxPackages: 500,
  /** Spec §9: the auto-print job waits this long for its labels to be ready. */
  readyTimeoutMs: 15_000,
} as const;

/** One shipment's labels in a label response: one per package, with its SSCC and tracking number. */
export interface LabelDetailDto {
  uuid: string;
  reference: string;
  depositor_code: string;
  format: LabelFormat;
  packages: { n: number; of: number; sscc: string; tracking_number: string }[];
}

/** A front alert the server asks for (spec §3 errorsFront): its key, colour (error by default), parameters. */
export interface LabelAlertDto {
  key: string;
  color?: 'error' | 'warning' | 'info' | 'success';
  parameters?: Record<string, unknown>;
}

/**
 * Spec §3 Label response: `etiquettes.<format>.b64merged` is the base64 of every label of the answer
 * merged (one ZPL II text, or one PDF with a page per package), `details` says which package is where,
 * `refs` maps each shipment uuid to its reference.
 */
export interface LabelResponseDto {
  success: boolean;
  etiquettes: {
    PDF?: { b64merged: string; details: LabelDetailDto[] };
    ZPL?: { b64merged: string; details: LabelDetailDto[] };
    refs: Record<string, string>;
  };
  errorsFront: LabelAlertDto[];
}

/** GS1 mod-10 check digit of a digit string (SSCC, GTIN): weights 3 and 1 from the right. */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** An SSCC-18: extension digit, GS1 company prefix and serial reference on 17 digits, then the check digit. */
export function sscc(extension: number, companyPrefix: string, serial: number): string {
  const body = `${extension}${companyPrefix}${String(serial).padStart(16 - companyPrefix.length, '0')}`;
  if (!/^\d{17}$/.test(body)) throw new Error(`SSCC body must be 17 digits: ${body}`);
  return `${body}${gs1CheckDigit(body)}`;
}
