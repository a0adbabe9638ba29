import { JPEG, PDF, PNG, type SniffedContentType } from './content-type';

/** Longest name kept, in UTF-8 bytes: what common file systems take when the user saves the download. */
export const MAX_FILE_NAME_BYTES = 255;

/** The extensions that name each type truthfully; the first is the one given when renaming. */
const EXTENSIONS: Record<SniffedContentType, readonly string[]> = {
  [PDF]: ['pdf'],
  [JPEG]: ['jpg', 'jpeg'],
  [PNG]: ['png'],
};

/** The name a file gets when nothing is left of the one it came with. */
const DEFAULT_BASE: Record<SniffedContentType, string> = { [PDF]: 'document', [JPEG]: 'image', [PNG]: 'image' };

// Line breaks and tabs become a space, so "two\nwords" does not glue into one word.
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
// C0, DEL and C1 controls; bidi embeddings, overrides and isolates (U+202A–E, U+2066–9) and marks
// (U+200E/F, U+061C), which make `gpj.exe` display as `exe.jpg`; a byte-order mark.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
// Half of a surrogate pair is no character at all (and no valid UTF-8).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// An extension is a final dot and 1–10 letters or digits, at least one a letter ("v1.2" has none).
const EXTENSION = /\.([a-z0-9]*[a-z][a-z0-9]*)$/i;

/**
 * The name an uploaded file is kept under: the name it came with, cleaned, and ending with an
 * extension of the type read from its bytes (`facture.exe` holding a PDF is `facture.pdf`).
 * Controls and bidi characters are removed, path parts dropped, the result capped at
 * MAX_FILE_NAME_BYTES with its extension kept; an empty name becomes `document.pdf` / `image.png`.
 * Applying it twice changes nothing more.
 */
export function cleanUploadName(claimed: unknown, type: SniffedContentType, maxBytes = MAX_FILE_NAME_BYTES): string {
  const name = cleanFileName(typeof claimed === 'string' ? claimed : '');
  const match = EXTENSION.exec(name);
  const extension = match?.[1].toLowerCase();
  const truthful = extension !== undefined && EXTENSIONS[type].includes(extension);
  let base = match ? name.slice(0, match.index) : name;
  // `facture.pdf.exe` holding a PDF: the name already said what it is before the false extension.
  const inner = EXTENSION.exec(base);
  if (!truthful && inner && EXTENSIONS[type].includes(inner[1].toLowerCase())) base = base.slice(0, inner.index);
  const suffix = match && truthful ? match[0] : `.${EXTENSIONS[type][0]}`;
  base = trimBase(base);
  if (!base) base = DEFAULT_BASE[type];
  return `${trimBase(truncate(base, maxBytes - Buffer.byteLength(suffix))) || DEFAULT_BASE[type]}${suffix}`;
}

/**
 * A name with control and bidi characters and lone surrogates removed (line breaks as spaces), in NFC,
 * without the folders some browsers send (`C:\Users\me\facture.pdf`), and trimmed.
 */
export function cleanFileName(name: string): string {
  const clean = name.replace(LONE_SURROGATE, '').normalize('NFC').replace(BREAKS, ' ').replace(HIDDEN, '');
  return clean.slice(Math.max(clean.lastIndexOf('/'), clean.lastIndexOf('\\')) + 1).trim();
}

/** Spaces and dots at either end of a base name are lost or refused by file systems. */
function trimBase(base: string): string {
  return base.replace(/^[\s.]+|[\s.]+$/gu, '');
}

/** The longest start of `text` within `maxBytes` of UTF-8 that cuts no character or emoji in two. */
function truncate(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let kept = '';
  let bytes = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) {
    bytes += Buffer.byteLength(segment);
    if (bytes > maxBytes) break;
    kept += segment;
  }
  return kept;
}
