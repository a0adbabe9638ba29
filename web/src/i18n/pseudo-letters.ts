/**
 * The letters of the tests' pseudo-locale (pseudo.ts): each ASCII letter and the accented one it reads
 * as. Plain data without imports: the pseudo-locale walk (tests/e2e) reads this file as it is.
 */
const PLAIN = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ACCENTED = 'ÅƁÇÐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽåƀçðéƒĝĥîĵķĺṁñöþǫŕšţûṽŵẋýž';
const ACCENT = new Map([...PLAIN].map((c, i) => [c, [...ACCENTED][i]]));

/** A text with its ASCII letters accented, as the pseudo-locale shows a message's words. */
export const accent = (text: string): string => [...text].map((c) => ACCENT.get(c) ?? c).join('');
