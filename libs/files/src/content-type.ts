/** Content types the portal accepts for documents and proofs of delivery (spec §5 uploads). */
export const PDF = 'application/pdf';
export const JPEG = 'image/jpeg';
export const PNG = 'image/png';
export type SniffedContentType = typeof PDF | typeof JPEG | typeof PNG;
export const DOCUMENT_CONTENT_TYPES: readonly SniffedContentType[] = [PDF, JPEG, PNG];

const SIGNATURES: [SniffedContentType, number[]][] = [
  [PDF, [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  [PNG, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  [JPEG, [0xff, 0xd8, 0xff]],
];

/** The content type read from the magic number of the bytes, never from a file name; null when unknown. */
export function sniffContentType(bytes: Uint8Array): SniffedContentType | null {
  for (const [type, magic] of SIGNATURES) {
    if (bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b)) return type;
  }
  return null;
}

export const EXTENSION_OF: Record<SniffedContentType, string> = { [PDF]: 'pdf', [JPEG]: 'jpg', [PNG]: 'png' };
