import { useTranslate } from 'ra-core';
import {
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  MenuItem,
} from '@mui/material';
import { importLineReason, type ImportLineDto, type ImportLineStatus } from '@portal/contracts';

const COLORS: Partial<Record<ImportLineStatus, 'success' | 'error' | 'warning' | 'info' | 'default'>> = {
  create: 'success',
  update: 'success',
  package: 'success',
  imported: 'success',
  refused: 'error',
  failed: 'error',
  already: 'info',
  ignored: 'warning',
};

export interface SimulationTableProps {
  lines: ImportLineDto[];
  total: number;
  counts: Partial<Record<ImportLineStatus, number>>;
  status: ImportLineStatus | '';
  onStatus: (status: ImportLineStatus | '') => void;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  onDownload: () => void;
}

/** Why a line is refused, in the user's words: the same sentence as the downloadable report's. */
export const lineReason = importLineReason;

export function useLineReason() {
  const translate = useTranslate();
  return (l: ImportLineDto) => lineReason(translate, l);
}

/**
 * A simulated (or imported) file line by line: line number, status, reason, what the line creates;
 * filtered by status and downloadable. Shared by every import screen (orders, admin data).
 */
export function SimulationTable(props: SimulationTableProps) {
  const translate = useTranslate();
  const reason = useLineReason();
  const statuses = Object.keys(props.counts) as ImportLineStatus[];
  return (
    <Paper variant="outlined">
      <Stack direction="row" spacing={2} sx={{ p: 1.5, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <TextField
          select
          size="small"
          label={translate('imports.filterStatus')}
          value={props.status}
          onChange={(e) => props.onStatus(e.target.value as ImportLineStatus | '')}
          sx={{ minWidth: 220 }}
          slotProps={{ htmlInput: { 'data-testid': 'import-status-filter' } }}
        >
          <MenuItem value="">{translate('imports.allStatuses')}</MenuItem>
          {statuses.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`imports.status.${s}`)} ({props.counts[s]})
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={props.onDownload}>
          {translate('imports.downloadReport')}
        </Button>
      </Stack>
      <TableContainer>
        <Table size="small" aria-label={translate('imports.tableLabel')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('imports.line')}</TableCell>
              <TableCell>{translate('imports.statusColumn')}</TableCell>
              <TableCell>{translate('imports.reference')}</TableCell>
              <TableCell>{translate('imports.what')}</TableCell>
              <TableCell>{translate('imports.reason')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {props.lines.map((l) => (
              <TableRow key={l.line} data-status={l.status}>
                <TableCell>{l.line}</TableCell>
                <TableCell>
                  <Chip size="small" color={COLORS[l.status] ?? 'default'} label={translate(`imports.status.${l.status}`)} />
                </TableCell>
                <TableCell>{l.reference}</TableCell>
                <TableCell>{l.what}</TableCell>
                <TableCell>{reason(l)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={props.total}
        page={props.page}
        rowsPerPage={props.perPage}
        rowsPerPageOptions={[props.perPage]}
        onPageChange={(_, page) => props.onPage(page)}
        labelDisplayedRows={({ from, to, count }) => translate('imports.rows', { from, to, count })}
      />
    </Paper>
  );
}
