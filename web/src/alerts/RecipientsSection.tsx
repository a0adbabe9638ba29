import { useRef } from 'react';
import { useTranslate } from 'ra-core';
import { Box, Button, Checkbox, Chip, FormControlLabel, FormHelperText, IconButton, Stack, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { ALERT_LIMITS, ALERT_SUBJECT_PLACEHOLDERS, hasAnyRole, Role } from '@portal/contracts';
import { Section } from '../delivery/ui';
import { useUser } from '../user/useUser';
import type { SectionProps } from './CriteriaSection';
import type { RecipientRow } from './model';

const RECIPIENT_FIELDS = ['name', 'email', 'phone'] as const;

/** The custom subject with its placeholder chips: a click inserts `{placeholder}` where the cursor is. */
function SubjectField({ form, set, checks }: SectionProps) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const insert = (placeholder: string) => {
    const at = input.current?.selectionStart ?? form.subject.length;
    const token = `{${placeholder}}`;
    set({ subject: `${form.subject.slice(0, at)}${token}${form.subject.slice(at)}` });
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(at + token.length, at + token.length);
    });
  };
  return (
    <Box>
      <TextField
        id="alert-subject"
        size="small"
        fullWidth
        label={translate('alerts.f.subject')}
        value={form.subject}
        onChange={(e) => set({ subject: e.target.value })}
        inputRef={input}
        slotProps={{ htmlInput: { maxLength: ALERT_LIMITS.subject } }}
        {...checks.field('subject', translate('alerts.hints.subject'))}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }} aria-label={translate('alerts.hints.placeholders')}>
        {ALERT_SUBJECT_PLACEHOLDERS.map((p) => (
          <Chip
            key={p}
            size="small"
            variant="outlined"
            label={translate(`alerts.placeholders.${p}`)}
            onClick={() => insert(p)}
            data-placeholder={p}
          />
        ))}
      </Stack>
    </Box>
  );
}

/**
 * Destinataires (spec §3, §5): people named with a valid e-mail and an optional phone (digits), a
 * copy to the user, the order's final recipient (VIP Premium right only) and a custom subject
 * (custom alert subject right only).
 */
export function RecipientsSection(props: SectionProps) {
  const { form, set, checks } = props;
  const translate = useTranslate();
  const user = useUser();
  const roles = user?.roles ?? [];
  const premium = hasAnyRole(roles, [Role.USER_VIP_PREMIUM]);
  const customSubject = hasAnyRole(roles, [Role.USER_CUSTOM_ALERT_SUBJECT]);
  const setRow = (i: number, patch: Partial<RecipientRow>) =>
    set({ recipients: form.recipients.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  const missing = checks.keyOf('recipients');
  return (
    <Section id="alert-section-recipients" title={translate('alerts.sections.recipients')}>
      {form.recipients.map((r, i) => (
        <Stack
          key={i}
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ mb: 1, alignItems: { md: 'flex-start' } }}
          data-recipient={i}
        >
          {RECIPIENT_FIELDS.map((k) => (
            <TextField
              key={k}
              id={`alert-recipient-${i}-${k}`}
              size="small"
              type={k === 'email' ? 'email' : k === 'phone' ? 'tel' : 'text'}
              required={k !== 'phone'}
              label={translate(`alerts.f.recipient.${k}`)}
              value={r[k]}
              onChange={(e) => setRow(i, { [k]: e.target.value })}
              sx={{ flex: 1 }}
              {...checks.field(`recipients.${i}.${k}`, ' ')}
            />
          ))}
          <IconButton
            aria-label={translate('alerts.actions.removeRecipient', { name: r.name || r.email || i + 1 })}
            onClick={() => set({ recipients: form.recipients.filter((_, j) => j !== i) })}
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      {form.recipients.length === 0 && (
        <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }}>
          {translate('alerts.hints.noRecipients')}
        </Typography>
      )}
      <Button
        onClick={() => set({ recipients: [...form.recipients, { name: '', email: '', phone: '' }] })}
        disabled={form.recipients.length >= ALERT_LIMITS.recipients}
      >
        {translate('alerts.actions.addRecipient')}
      </Button>
      {missing && (
        <FormHelperText error role="alert">
          {translate('alerts.msg.noRecipient')}
        </FormHelperText>
      )}
      <Stack sx={{ mt: 1 }}>
        <FormControlLabel
          control={<Checkbox id="alert-copyToSelf" checked={form.copyToSelf} onChange={(_, on) => set({ copyToSelf: on })} />}
          label={translate('alerts.f.copyToSelf', { email: user?.email ?? '' })}
        />
        {premium && (
          <FormControlLabel
            control={
              <Checkbox
                id="alert-informFinalRecipient"
                checked={form.informFinalRecipient}
                onChange={(_, on) => set({ informFinalRecipient: on })}
              />
            }
            label={translate('alerts.f.informFinalRecipient')}
          />
        )}
      </Stack>
      {customSubject && <SubjectField {...props} />}
    </Section>
  );
}
