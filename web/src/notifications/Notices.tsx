import { useEffect } from 'react';
import { useNotificationContext, useTranslate, type NotificationPayload } from 'ra-core';
import { NOTIFICATION_DURATION_MS } from '@portal/contracts';
import { paramsOfLatest } from '../core/api';

/**
 * Renders react-admin notifications without MUI, so alerts work on the login page as well as in
 * the shell. Spec §8: alerts last 7000 ms unless told otherwise.
 */
export function Notices() {
  const { notifications, setNotifications } = useNotificationContext();
  const translate = useTranslate();
  const dismiss = (n: NotificationPayload) => setNotifications((all) => all.filter((x) => x !== n));

  return (
    <div className="notices" aria-live="polite">
      {notifications.map((n, index) => (
        <Notice key={index} notification={n} onDismiss={() => dismiss(n)} closeLabel={translate('common.close')}>
          {typeof n.message === 'string'
            ? translate(n.message, {
                // An API error raised by react-admin carries its key alone: its parameters come from the error itself,
                // and a key the catalogue lacks reads as the unexpected error, never as the key.
                ...(n.message.startsWith('errors.') ? paramsOfLatest(n.message) : {}),
                ...(n.notificationOptions?.messageArgs ?? {}),
                _: n.message.startsWith('errors.') ? translate('errors.unexpectedError') : n.message,
              })
            : n.message}
        </Notice>
      ))}
    </div>
  );
}

function Notice(props: { notification: NotificationPayload; onDismiss: () => void; closeLabel: string; children: React.ReactNode }) {
  const { notification, onDismiss } = props;
  const duration = notification.notificationOptions?.autoHideDuration;
  useEffect(() => {
    if (duration === null) return;
    const timer = setTimeout(onDismiss, duration ?? NOTIFICATION_DURATION_MS);
    return () => clearTimeout(timer);
  }, [notification]);
  return (
    <div className={`notice notice-${notification.type}`} role={notification.type === 'error' ? 'alert' : 'status'}>
      <span>{props.children}</span>
      <button type="button" onClick={onDismiss} aria-label={props.closeLabel}>
        ×
      </button>
    </div>
  );
}
