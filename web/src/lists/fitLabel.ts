/**
 * The width a field needs so that its label (and, for a select, its longest choice) shows whole in
 * any language (issue 36: German and Italian words are often 30 % longer than French): at least
 * `base`, wider when the words ask it, never wider than the line (a phone). An empty field shows its
 * label at full size inside it; a select its choice beside the arrow.
 */
export function fitLabel(label: string, base: number | string = 170, choices: readonly string[] = []): string {
  const longest = choices.reduce((n, c) => Math.max(n, [...c].length), 0);
  const needs = [`${base}${typeof base === 'number' ? 'px' : ''}`, `calc(${[...label].length}ch + 32px)`];
  if (longest) needs.push(`calc(${longest}ch + 64px)`);
  return `max(${needs.join(', ')})`;
}

/** `sx` of a field sized by its label: see fitLabel. */
export const fitLabelSx = (label: string, base?: number | string, choices?: readonly string[]) => ({
  width: fitLabel(label, base, choices),
  maxWidth: '100%',
});
