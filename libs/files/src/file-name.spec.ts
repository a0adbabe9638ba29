import fc from 'fast-check';
import { DOCUMENT_CONTENT_TYPES, JPEG, PDF, PNG } from './content-type';
import { cleanFileName, cleanUploadName, MAX_FILE_NAME_BYTES } from './file-name';

// What must never survive in a name: C0, DEL, C1, bidi embeddings/overrides/isolates and marks.
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/; // eslint-disable-line no-control-regex
const TRUTHFUL = { [PDF]: /\.pdf$/i, [JPEG]: /\.(jpg|jpeg)$/i, [PNG]: /\.png$/i };

const hostileCharacter = fc.oneof(
  fc.constantFrom('\u0000', '\u0007', '\t', '\n', '\r', '\u001f', '\u007f', '\u0080', '\u0085', '\u009f'),
  fc.constantFrom('\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'),
  fc.constantFrom('.', '/', '\\', ' ', '\ud800', '👩‍👩‍👧', 'é', 'e\u0301', '文'),
  fc.constantFrom('.pdf', '.PDF', '.jpg', '.jpeg', '.png', '.exe', '.html', '.tar.gz'),
);
const hostileName = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 400 }),
  fc.array(fc.oneof(hostileCharacter, fc.string({ maxLength: 8 })), { maxLength: 120 }).map((parts) => parts.join('')),
);

describe('uploaded file names', () => {
  it('puts the extension of the type read from the bytes, keeping the base name', () => {
    expect(cleanUploadName('facture.exe', PDF)).toBe('facture.pdf');
    expect(cleanUploadName('facture', PDF)).toBe('facture.pdf');
    expect(cleanUploadName('photo.png', JPEG)).toBe('photo.jpg');
    expect(cleanUploadName('scan.pdf.exe', PDF)).toBe('scan.pdf');
    expect(cleanUploadName('Rapport v1.2', PDF)).toBe('Rapport v1.2.pdf');
    expect(cleanUploadName('archive.tar.gz', PNG)).toBe('archive.tar.png');
  });

  it('keeps a name whose extension is true, in its own case', () => {
    expect(cleanUploadName('Bon de livraison 4711.PDF', PDF)).toBe('Bon de livraison 4711.PDF');
    expect(cleanUploadName('signature.jpeg', JPEG)).toBe('signature.jpeg');
    expect(cleanUploadName('signature.JPG', JPEG)).toBe('signature.JPG');
  });

  it('removes control and bidi characters, line breaks becoming spaces', () => {
    // "invoice‮fdp.exe" displays as "invoiceexe.pdf": the override goes, the truth shows.
    expect(cleanUploadName('invoice\u202efdp.exe', PDF)).toBe('invoicefdp.pdf');
    expect(cleanUploadName('a\u0000b\u0007c\u007f\u0085d.pdf', PDF)).toBe('abc d.pdf');
    expect(cleanUploadName('two\r\nlines.png', PNG)).toBe('two  lines.png');
    expect(cleanUploadName('\u2066\u200fnom\u2069\u061c.pdf', PDF)).toBe('nom.pdf');
  });

  it('drops folders, and the dots and spaces file systems refuse at either end', () => {
    expect(cleanUploadName('C:\\Users\\me\\facture.pdf', PDF)).toBe('facture.pdf');
    expect(cleanUploadName('../../etc/passwd', PDF)).toBe('passwd.pdf');
    expect(cleanUploadName('  .hidden .pdf', PDF)).toBe('hidden.pdf');
  });

  it('names an empty or invisible name after its type', () => {
    expect(cleanUploadName('', PDF)).toBe('document.pdf');
    expect(cleanUploadName('\u202e\u0000 ', JPEG)).toBe('image.jpg');
    expect(cleanUploadName('.png', PNG)).toBe('image.png');
    expect(cleanUploadName(undefined, PDF)).toBe('document.pdf');
    expect(cleanUploadName(42, PNG)).toBe('image.png');
  });

  it('caps the length in UTF-8 bytes, keeping the extension and whole characters', () => {
    const long = cleanUploadName(`${'a'.repeat(300)}.exe`, PDF);
    expect(long).toBe(`${'a'.repeat(MAX_FILE_NAME_BYTES - 4)}.pdf`);
    const wide = cleanUploadName(`${'文'.repeat(100)}.pdf`, PDF);
    expect(Buffer.byteLength(wide)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
    expect(wide).toBe(`${'文'.repeat(83)}.pdf`);
    const emoji = cleanUploadName(`${'👩‍👩‍👧'.repeat(20)}.png`, PNG);
    expect(emoji).toBe(`${'👩‍👩‍👧'.repeat(13)}.png`);
  });

  it('never keeps a forbidden character, always ends with a true extension, stays within the cap, and is stable', () => {
    fc.assert(
      fc.property(hostileName, fc.constantFrom(...DOCUMENT_CONTENT_TYPES), (name, type) => {
        const clean = cleanUploadName(name, type);
        expect(clean).not.toMatch(FORBIDDEN);
        expect(clean).toMatch(TRUTHFUL[type]);
        expect(clean).not.toMatch(/[/\\]/);
        expect(Buffer.from(clean).toString()).toBe(clean); // well-formed: no lone surrogate
        expect(Buffer.byteLength(clean)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
        expect(clean.length).toBeGreaterThan(4);
        expect(cleanUploadName(clean, type)).toBe(clean);
      }),
      { numRuns: 2000 },
    );
  });

  it('cleans a name of unknown type the same way, without touching its extension', () => {
    expect(cleanFileName(' BL\u202e 4711.xlsx\n')).toBe('BL 4711.xlsx');
    fc.assert(
      fc.property(hostileName, (name) => {
        const clean = cleanFileName(name);
        expect(clean).not.toMatch(FORBIDDEN);
        expect(cleanFileName(clean)).toBe(clean);
      }),
    );
  });
});
