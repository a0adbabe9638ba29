import { useId } from 'react';
import { Button, FormControl, FormHelperText, FormLabel, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { UPLOAD_ACCEPT, uploadProblem } from './files';
import { useUploadLimit } from './ui';

/**
 * A file field for documents and PODs: PDF, JPEG or PNG up to the upload limit, checked as soon as
 * it is chosen (the server checks the bytes again).
 */
export function FilePicker({
  label,
  file,
  onChange,
  required = false,
  disabled = false,
  help,
}: {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  required?: boolean;
  disabled?: boolean;
  help?: string;
}) {
  const translate = useTranslate();
  const id = useId();
  const max = useUploadLimit();
  const problem = file ? uploadProblem(file) : null;
  const problemText = problem ? translate(`delivery.files.${problem}`, { max }) : null;
  return (
    <FormControl error={!!problem} disabled={disabled} required={required}>
      <FormLabel htmlFor={id}>{label}</FormLabel>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
        <Button variant="outlined" component="label" disabled={disabled}>
          {translate('delivery.files.choose')}
          <input
            id={id}
            type="file"
            accept={UPLOAD_ACCEPT}
            hidden
            disabled={disabled}
            aria-describedby={`${id}-help`}
            onChange={(e) => {
              onChange(e.target.files?.[0] ?? null);
              e.target.value = '';
            }}
          />
        </Button>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="chosen-file">
          {file?.name ?? translate('delivery.files.none')}
        </Typography>
      </Stack>
      <FormHelperText id={`${id}-help`} role={problem ? 'alert' : undefined}>
        {problemText ?? help ?? translate('delivery.files.accepted', { max })}
      </FormHelperText>
    </FormControl>
  );
}
