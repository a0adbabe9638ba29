import { useState } from 'react';
import { IconButton, ListItemText, Menu, MenuItem } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { WEBHOOK_ROTATION_OVERLAP_HOURS, type WebhookEndpointDto, type WebhookSecretDto } from '@portal/contracts';
import { ConfirmDialog } from '../../delivery/ui';
import { useSave } from '../useSave';
import { EndpointDialog } from './EndpointDialog';
import { logRoute } from './model';
import { SecretDialog } from './SecretDialog';
import type { DepositorOption } from './useEndpoints';
import { webhooksApi } from './webhooksApi';

type Open = 'edit' | 'rotate' | 'remove' | null;

/**
 * The menu of one endpoint (list row, card or log heading): its log, changes, a test event, a new
 * secret (shown once), disabling or enabling it, and its deletion after a confirmation.
 */
export function EndpointActions({
  endpoint,
  depositors,
  onChanged,
  onRemoved = onChanged,
  withLog = true,
}: {
  endpoint: WebhookEndpointDto;
  depositors: DepositorOption[];
  /** Read the endpoint (and its log) again after an action. */
  onChanged: () => void;
  onRemoved?: () => void;
  /** Offer "Journal des envois" (not on the log's own screen). */
  withLog?: boolean;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`settings.webhooks.${key}`, options);
  const { run } = useSave();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [secret, setSecret] = useState<WebhookSecretDto | null>(null);
  const active = endpoint.status === 'active';

  const act = (action: () => Promise<unknown>, successKey: string) => async () => {
    setAnchor(null);
    if (await run(action, successKey)) onChanged();
  };
  const choose = (next: Open) => () => {
    setAnchor(null);
    setOpen(next);
  };
  // The calls answer an empty body as null: success is "no error", so each action answers true.
  const sendTest = act(() => webhooksApi.test(endpoint.id).then(() => true), 'settings.webhooks.testSent');
  const toggle = act(
    () => (active ? webhooksApi.disable(endpoint.id) : webhooksApi.enable(endpoint.id)).then(() => true),
    active ? 'settings.webhooks.disabledDone' : 'settings.webhooks.enabledDone',
  );
  const rotate = async () => {
    const rotated = await run(() => webhooksApi.rotate(endpoint.id));
    setOpen(null);
    if (rotated) {
      setSecret(rotated);
      onChanged();
    }
  };
  const remove = async () => {
    const done = await run(() => webhooksApi.remove(endpoint.id).then(() => true), 'settings.webhooks.removed');
    setOpen(null);
    if (done) onRemoved();
  };

  return (
    <>
      <IconButton
        aria-label={t('actions', { url: endpoint.url })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {withLog && (
          <MenuItem component={RouterLink} to={logRoute(endpoint.id)}>
            <ListItemText>{t('openLog')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem onClick={() => void sendTest()}>
          <ListItemText>{t('test')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={choose('edit')}>
          <ListItemText>{t('edit')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={choose('rotate')}>
          <ListItemText>{t('rotate')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => void toggle()}>
          <ListItemText>{t(active ? 'disable' : 'enable')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={choose('remove')} sx={{ color: 'error.main' }}>
          <ListItemText>{t('remove')}</ListItemText>
        </MenuItem>
      </Menu>
      {open === 'edit' && (
        <EndpointDialog
          endpoint={endpoint}
          depositors={depositors}
          onClose={(saved) => {
            setOpen(null);
            if (saved) onChanged();
          }}
        />
      )}
      <ConfirmDialog
        open={open === 'rotate'}
        title={t('rotateTitle')}
        text={t('rotateText', { hours: WEBHOOK_ROTATION_OVERLAP_HOURS })}
        confirmLabel={t('rotate')}
        onConfirm={rotate}
        onClose={() => setOpen(null)}
      />
      <ConfirmDialog
        open={open === 'remove'}
        title={t('removeTitle')}
        text={t('removeText', { url: endpoint.url })}
        confirmLabel={t('remove')}
        onConfirm={remove}
        onClose={() => setOpen(null)}
      />
      {secret && <SecretDialog created={secret} onClose={() => setSecret(null)} />}
    </>
  );
}
