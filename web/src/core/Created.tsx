import { Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { formatDate } from '@portal/contracts';
import { useTimeZone } from '../user/useUser';
import { useCreatorText } from './creator';

interface Created {
  /** When, an ISO instant shown in the user's time zone. */
  at: string;
  /** Who, as recorded (a login or a marked API key: contracts creatorOf); nothing recorded, nobody shown. */
  by: string | null | undefined;
}

/** A list's "created" cell: the date and time, then who on a second, smaller line. */
export function CreatedCell({ at, by }: Created) {
  const translate = useTranslate();
  const timeZone = useTimeZone();
  const who = useCreatorText()(by);
  return (
    <>
      {formatDate(at, timeZone, true)}
      {who && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {translate('common.createdBy', { who })}
        </Typography>
      )}
    </>
  );
}

/** A detail's line under its title: "<label> 12/03/2025 10:42 par <who>" (label: the screen's own "Créée le"). */
export function CreatedLine({ label, at, by }: Created & { label: string }) {
  const translate = useTranslate();
  const timeZone = useTimeZone();
  const who = useCreatorText()(by);
  const when = formatDate(at, timeZone, true);
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 2 }} data-testid="created-line">
      {who ? `${label} ${when} ${translate('common.createdBy', { who })}` : `${label} ${when}`}
    </Typography>
  );
}
