import { Box, IconButton, Link, Tooltip } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useTranslate } from 'ra-core';
import { publicTrackingUrl } from '@portal/contracts';

/** The recipient's public tracking page of an order, on this portal's own address. */
export const recipientTrackingUrl = (token: string, origin = window.location.origin): string => publicTrackingUrl(origin, token);

/**
 * "Lien de suivi destinataire": the page the recipient follows the delivery on without signing in
 * (issue 35 item 3), to open or copy into the depositor's own mails.
 */
export function PublicTrackingLink({ token }: { token: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const url = recipientTrackingUrl(token);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify('publicTracking.copied', { type: 'success' });
    } catch {
      notify('publicTracking.copyFailed', { type: 'warning' });
    }
  };
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, maxWidth: '100%' }}>
      <Link href={url} target="_blank" rel="noopener noreferrer" data-testid="public-tracking-link" sx={{ overflowWrap: 'anywhere' }}>
        {url}
      </Link>
      <Tooltip title={translate('publicTracking.copy')}>
        <IconButton
          size="small"
          onClick={() => void copy()}
          aria-label={translate('publicTracking.copy')}
          data-testid="public-tracking-copy"
        >
          <ContentCopyIcon fontSize="inherit" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
