import { useEffect, useState } from 'react';
import { Alert, Box, Stack, useMediaQuery, type Theme } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { AnnouncementDto } from '@portal/contracts';
import { api } from '../core/api';

/**
 * Active announcements (already filtered and sorted by the server). Each hides itself after its
 * timeout when it has one; the close button hides it for good (PUT /announcement/{id}/hide).
 * On a phone each one is a single line (ellipsis) that opens on a tap.
 */
export function AnnouncementsBanner() {
  const translate = useTranslate();
  const [items, setItems] = useState<AnnouncementDto[]>([]);
  // On a phone each announcement is one line until tapped; the ones opened here.
  const [opened, setOpened] = useState<number[]>([]);
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));

  useEffect(() => {
    api<AnnouncementDto[]>('/announcements')
      .then((list) => setItems(Array.isArray(list) ? list : []))
      .catch(() => setItems([]));
  }, []);

  useEffect(() => {
    const timers = items
      .filter((a) => a.timeout > 0)
      .map((a) => setTimeout(() => setItems((all) => all.filter((x) => x.id !== a.id)), a.timeout));
    return () => timers.forEach(clearTimeout);
    // Only the announcements loaded at first get a timer; closing one must not restart the others.
  }, [items.length === 0]);

  const hide = (id: number) => {
    setItems((all) => all.filter((x) => x.id !== id));
    void api(`/announcement/${id}/hide`, { method: 'PUT' }).catch(() => undefined);
  };

  const toggle = (id: number) => setOpened((all) => (all.includes(id) ? all.filter((x) => x !== id) : [...all, id]));

  if (items.length === 0) return null;
  return (
    <Stack component="section" aria-label={translate('announcements.label')} spacing={1} sx={{ mb: 2 }}>
      {items.map((a) => (
        <Alert
          key={a.id}
          severity={a.type === 'info' ? 'info' : 'warning'}
          variant="outlined"
          onClose={() => hide(a.id)}
          slotProps={{ closeButton: { 'aria-label': translate('announcements.close'), title: translate('announcements.close') } }}
          data-testid="announcement"
          sx={{ '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
        >
          <Box
            component={phone ? 'button' : 'div'}
            type={phone ? 'button' : undefined}
            aria-expanded={phone ? opened.includes(a.id) : undefined}
            onClick={phone ? () => toggle(a.id) : undefined}
            data-collapsed={phone && !opened.includes(a.id) ? 'true' : undefined}
            sx={{
              all: phone ? 'unset' : undefined,
              display: 'block',
              width: '100%',
              cursor: phone ? 'pointer' : undefined,
              ...(phone && !opened.includes(a.id) ? { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } : {}),
            }}
          >
            <strong>{translate(`announcements.${a.type === 'info' ? 'info' : 'other'}`)} · </strong>
            {a.message}
          </Box>
        </Alert>
      ))}
    </Stack>
  );
}
