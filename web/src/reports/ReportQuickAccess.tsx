import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Autocomplete, Box, Chip, InputAdornment, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslate } from 'ra-core';
import type { ReportDefinitionDto } from '@portal/contracts';
import { useReportLocale as useShortLocale } from './useLocale';
import { matchReports, titleOf } from './search';
import { useReports } from './useReports';

const OFFERED = 8;

/**
 * The layout's search box: quick access to a report by display number or title (spec §2). "M1"
 * offers M1 first, "stock" the reports whose title says it; Enter opens the highlighted one.
 * Nothing shows for a user who may open no report.
 */
export function ReportQuickAccess() {
  const translate = useTranslate();
  const locale = useShortLocale();
  const navigate = useNavigate();
  const { reports } = useReports();
  const [input, setInput] = useState('');
  const options = useMemo(() => matchReports(reports ?? [], input, locale).slice(0, OFFERED), [reports, input, locale]);
  if (!reports?.length) return null;

  const open = (report: ReportDefinitionDto | null) => {
    if (!report) return;
    setInput('');
    navigate(`/report/${encodeURIComponent(report.id)}`);
  };

  return (
    <Autocomplete
      id="report-quick-access"
      size="small"
      options={options}
      value={null}
      inputValue={input}
      onInputChange={(_, value, reason) => reason !== 'reset' && setInput(value)}
      onChange={(_, report) => open(report)}
      filterOptions={(x) => x}
      autoHighlight
      forcePopupIcon={false}
      clearOnBlur={false}
      blurOnSelect
      getOptionLabel={(r) => `${r.displayNumber} ${titleOf(r, locale)}`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={input.trim() ? translate('reports.noMatch', { filter: input.trim() }) : translate('reports.quickHint')}
      sx={{ width: { xs: 170, sm: 240, md: 320 }, flexShrink: 1 }}
      renderOption={({ key, ...props }, r) => (
        <Box component="li" key={key} {...props} data-report-id={r.id} sx={{ gap: 1 }}>
          <Chip size="small" color="primary" label={r.displayNumber} sx={{ fontWeight: 700, minWidth: 44 }} />
          <Typography variant="body2" noWrap>
            {titleOf(r, locale)}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder={translate('reports.quickPlaceholder')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, maxLength: 80, 'aria-label': translate('reports.quickLabel') },
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}
