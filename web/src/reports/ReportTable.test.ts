import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RESULT } from './fixtures';
import { ReportTable, TABLE_ROWS_SHOWN } from './ReportTable';

const render = (result = RESULT, locale = 'fr') =>
  renderToStaticMarkup(
    createElement(ReportTable, {
      result,
      locale,
      caption: 'Suivi des livraisons',
      totalLabel: 'Total',
      emptyText: 'Aucune donnée sur cette période.',
      truncatedText: (shown: number, count: number) => `${shown}/${count}`,
    }),
  )
    .replace(/<style[^>]*>.*?<\/style>/g, '')
    .replace(/[\u202f\u00a0]/g, ' ');
const cells = (html: string, row: string) =>
  [...(new RegExp(`<tr[^>]*${row}[^>]*>(.*?)</tr>`).exec(html)?.[1] ?? '').matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1]);

describe('the report table (mocked answer of GET /api/reports/:id)', () => {
  it('heads the columns in the user’s language and formats each cell by its type', () => {
    const html = render(RESULT, 'en');
    expect([...html.matchAll(/<th\s[^>]*>(.*?)<\/th>/g)].map((m) => m[1])).toEqual([
      'Day',
      'Orders',
      'Late',
      'On time',
      'Average lead time',
      'Value',
    ]);
    const fr = render();
    expect(fr).toContain('01/10/2026');
    expect(fr).toContain('1 200');
    expect(fr).toContain('97,5 %');
    expect(fr).toContain('2 h 5 min');
    expect(fr).toContain('10 500,50 €');
  });

  it('adds the totals row, its first cell named Total', () => {
    expect(cells(render(), 'data-testid="report-totals"')).toEqual(['Total', '2 000', '30', '98,5 %', '1 h 33 min', '10 500,50 €']);
    expect(render({ ...RESULT, totals: undefined })).not.toContain('report-totals');
  });

  it('says when the period holds no data, and when the page shows only the first rows', () => {
    expect(render({ ...RESULT, rows: [] })).toContain('Aucune donnée sur cette période.');
    const many = { ...RESULT, rows: Array.from({ length: TABLE_ROWS_SHOWN + 3 }, (_, i) => ({ ...RESULT.rows[0], orders: i })) };
    const html = render(many);
    expect(html).toContain(`${TABLE_ROWS_SHOWN}/${TABLE_ROWS_SHOWN + 3}`);
    expect([...html.matchAll(/<tr class="MuiTableRow-root MuiTableRow-hover/g)]).toHaveLength(TABLE_ROWS_SHOWN);
  });
});
