import { Box, Chip, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { OrderDetailDto } from '@portal/contracts';
import { deliveryProgress } from './progress';
import { useDateTime } from './ui';

/**
 * Where the delivery stands, above its timeline: ordered → prepared → shipped → delivered, each
 * reached step with its date, the current one highlighted, what went wrong on the step it stopped
 * before, and the promised delivery date (late shown as late).
 */
export function ProgressSummary({ order }: { order: OrderDetailDto }) {
  const translate = useTranslate();
  const dateTime = useDateTime();
  const progress = deliveryProgress(order);
  const { trouble } = progress;
  // A stop (canceled, anomaly, return) shows on the step not reached; a partial delivery on the delivered step.
  const troubleStep = trouble ? (trouble.kind === 'partial' ? progress.current : Math.min(progress.current + 1, 3)) : -1;
  return (
    <Box data-testid="delivery-progress" sx={{ mb: 2 }}>
      <Stepper
        activeStep={progress.current}
        alternativeLabel
        aria-label={translate('delivery.progress.title')}
        component="ol"
        sx={{ p: 0 }}
      >
        {progress.steps.map((s, i) => {
          const onTrouble = i === troubleStep;
          const date = onTrouble && trouble?.at ? trouble.at : s.at;
          return (
            <Step
              key={s.step}
              component="li"
              completed={s.reached && (i < progress.current || s.step === 'delivered')}
              data-testid="progress-step"
              data-step={s.step}
              data-reached={s.reached}
              aria-current={i === progress.current ? 'step' : undefined}
              sx={{ listStyle: 'none' }}
            >
              <StepLabel
                error={onTrouble && trouble?.kind !== 'partial'}
                optional={
                  <Stack sx={{ alignItems: 'center' }}>
                    {onTrouble && trouble && (
                      <Typography variant="caption" color={trouble.kind === 'partial' ? 'warning.main' : 'error'}>
                        {translate(`delivery.progress.trouble.${trouble.kind}`)}
                      </Typography>
                    )}
                    {date && (s.reached || onTrouble) && (
                      <Typography variant="caption" color="text.secondary">
                        {dateTime(date)}
                      </Typography>
                    )}
                  </Stack>
                }
                sx={i === progress.current ? { '& .MuiStepLabel-label': { fontWeight: 700 } } : undefined}
              >
                {translate(`delivery.progress.steps.${s.step}`)}
              </StepLabel>
            </Step>
          );
        })}
      </Stepper>
      <Stack direction="row" sx={{ mt: 1.5, gap: 1, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'center' }}>
        <Typography variant="body2" data-testid="promised-date">
          {progress.promisedAt
            ? translate('delivery.progress.promised', { date: dateTime(progress.promisedAt) })
            : translate('delivery.progress.noPromised')}
        </Typography>
        {progress.lateness && (
          <Chip
            size="small"
            color={progress.lateness === 'late' ? 'warning' : 'default'}
            label={translate(`delivery.progress.${progress.lateness}`)}
          />
        )}
      </Stack>
    </Box>
  );
}
