import { useEffect, useState } from 'react';
import { Alert, Stack } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { AnnouncementDto } from '@portal/contracts';
import { api } from '../core/api';

/**
 * Active announcements (already filtered and sorted by the server). Each hides itself after its
 * timeout when it has one; the close button hides it for good (PUT /announcement/{id}/hide).
 */
export function AnnouncementsBanner() {
  const translate = useTranslate();
  const [items, setItems] = useState<AnnouncementDto[]>([]);

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
        >
          <strong>{translate(`announcements.${a.type === 'info' ? 'info' : 'other'}`)} · </strong>
          {a.message}
        </Alert>
      ))}
    </Stack>
  );
}
