import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Paper, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';

/** The page frame every module opens in: its title, then its content. */
export function ModuleFrame({ title, children }: { title: string; children?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby="module-title">
      <Typography id="module-title" variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3 }}>
        {children ?? <Typography>{translate('module.opensHere', { name: title })}</Typography>}
        <Button component={RouterLink} to="/dashboard" sx={{ mt: 2 }}>
          {translate('module.backToDashboard')}
        </Button>
      </Paper>
    </Box>
  );
}
