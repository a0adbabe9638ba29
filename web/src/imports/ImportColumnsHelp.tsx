import { useTranslate } from 'ra-core';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { ImportColumn } from '@portal/contracts';

/**
 * The columns a file's header must hold (issue 36 item 2), from the import's own column definition
 * (contracts): each technical name as the file must write it, its meaning in the user's language and
 * whether a value is required.
 */
export function ImportColumnsHelp({ columns, title }: { columns: readonly ImportColumn[]; title?: string }) {
  const translate = useTranslate();
  return (
    <>
      {title && (
        <Typography variant="subtitle2" component="h3" sx={{ mt: 1.5 }}>
          {title}
        </Typography>
      )}
      <TableContainer sx={{ mt: 1 }}>
        <Table size="small" aria-label={title ?? translate('imports.helpColumn')} data-testid="import-columns">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>{translate('imports.helpColumn')}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{translate('imports.helpMeaning')}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{translate('imports.helpRequired')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {columns.map((c) => (
              <TableRow key={c.name} data-column={c.name}>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere', minWidth: 90 }}>
                  <code>{c.name}</code>
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{translate(`imports.columns.${c.name}`, { _: '' })}</TableCell>
                <TableCell>{c.required ? translate('imports.helpYes') : ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
