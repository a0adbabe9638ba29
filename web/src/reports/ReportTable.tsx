import { Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import type { ReportResultDto } from '@portal/contracts';
import { formatCell, isNumeric } from './format';
import { titleOf } from './search';

/** Rows shown on the page; the export holds them all. */
export const TABLE_ROWS_SHOWN = 500;

interface Props {
  result: ReportResultDto;
  locale: string;
  caption: string;
  totalLabel: string;
  emptyText: string;
  /** "Showing the first %{shown} of %{count} rows: the export holds them all." */
  truncatedText: (shown: number, count: number) => string;
}

/** The report's table: one column per result column, formatted by type, and the totals row when the report has one. */
export function ReportTable({ result, locale, caption, totalLabel, emptyText, truncatedText }: Props) {
  const rows = result.rows.slice(0, TABLE_ROWS_SHOWN);
  const cell = (row: Record<string, unknown>, i: number) =>
    result.columns.map((column, c) => (
      <TableCell key={column.key} align={isNumeric(column.type) ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
        {c === 0 && i < 0 && (row[column.key] === null || row[column.key] === undefined || row[column.key] === '')
          ? totalLabel
          : formatCell(row[column.key] as never, column.type, locale)}
      </TableCell>
    ));
  return (
    <>
      <TableContainer sx={{ maxHeight: 560 }}>
        <Table size="small" stickyHeader data-testid="report-table">
          <caption className="visually-hidden">{caption}</caption>
          <TableHead>
            <TableRow>
              {result.columns.map((column) => (
                <TableCell key={column.key} align={isNumeric(column.type) ? 'right' : 'left'} sx={{ fontWeight: 700 }}>
                  {titleOf(column, locale)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={result.columns.length}>
                  <Typography color="text.secondary" data-testid="report-empty">
                    {emptyText}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row, i) => (
                <TableRow key={i} hover>
                  {cell(row, i)}
                </TableRow>
              ))
            )}
          </TableBody>
          {result.totals && rows.length > 0 && (
            <TableFooter>
              <TableRow data-testid="report-totals" sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } }}>
                {cell(result.totals, -1)}
              </TableRow>
            </TableFooter>
          )}
        </Table>
      </TableContainer>
      {result.rows.length > TABLE_ROWS_SHOWN && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {truncatedText(TABLE_ROWS_SHOWN, result.rows.length)}
        </Typography>
      )}
    </>
  );
}
