import { CONTROL } from './label-data';

/**
 * pdfkit's standard fonts (Helvetica) write WinAnsi: Latin-1 plus a few signs. A name in another
 * script keeps its letters without their accents where it can (Łódź → Lodz), else a "?", rather than
 * printing unreadable glyphs on a label or a transport document.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const SPECIAL: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ß: 'ss', Ø: 'O', ø: 'o', ı: 'i' };

export function winAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC').replace(CONTROL, ' ')) {
    const code = ch.codePointAt(0)!;
    if (code <= 0xff || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (SPECIAL[ch]) out += SPECIAL[ch];
    else {
      const plain = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += plain.length && [...plain].every((c) => c.codePointAt(0)! <= 0xff) ? plain : '?';
    }
  }
  return out;
}
