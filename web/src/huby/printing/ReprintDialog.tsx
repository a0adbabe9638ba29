import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
} from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { LABEL_FORMATS, type LabelDetailDto, type LabelFormat, type ShipmentDto } from '@portal/contracts';
import { alertParams, ApiError, errorKeyOf } from '../../core/api';
import { useUser } from '../../user/useUser';
import { usePrinting } from './AutoPrint';
import { labelsApi } from './labelsApi';

/**
 * Reprint (spec §2 reprint dialog): some or all of a shipment's package labels, in a chosen format;
 * each keeps its SSCC and tracking number. The labels then open in the label popup.
 */
export function ReprintDialog({ shipment, onClose }: { shipment: Pick<ShipmentDto, 'uuid' | 'reference'>; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const printing = usePrinting();
  const user = useUser();
  const [format, setFormat] = useState<LabelFormat>(user?.etiquette_format ?? 'PDF');
  const [packages, setPackages] = useState<LabelDetailDto['packages'] | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    labelsApi
      .labels({ uuids: [shipment.uuid] }, 'PDF')
      .then((answer) => {
        const list = answer.etiquettes.PDF?.details[0]?.packages ?? [];
        setPackages(list);
        setChosen(new Set(list.map((p) => p.sscc)));
      })
      .catch((e: unknown) => setError(translate(`errors.${errorKeyOf(e)}`, e instanceof ApiError ? alertParams(e.params) : {})));
  }, [shipment.uuid, translate]);
  const toggle = (sscc: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(sscc)) next.add(sscc);
      return next;
    });
  const reprint = async () => {
    setBusy(true);
    try {
      const all = packages?.length === chosen.size;
      const request = { uuids: [shipment.uuid], sscc: all ? undefined : [...chosen] };
      const answer = await labelsApi.labels(request, format);
      onClose();
      printing?.show(answer, request);
    } catch (e) {
      notify(`errors.${errorKeyOf(e)}`, { type: 'error', messageArgs: e instanceof ApiError ? alertParams(e.params) : {} });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="reprint-title" fullWidth maxWidth="sm">
      <DialogTitle id="reprint-title">{translate('huby.labels.reprintTitle', { reference: shipment.reference })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {error && <Alert severity="error">{error}</Alert>}
          <FormControl>
            <FormLabel id="reprint-format">{translate('huby.labels.format')}</FormLabel>
            <RadioGroup row aria-labelledby="reprint-format" value={format} onChange={(e) => setFormat(e.target.value as LabelFormat)}>
              {LABEL_FORMATS.map((f) => (
                <FormControlLabel key={f} value={f} control={<Radio />} label={f} />
              ))}
            </RadioGroup>
          </FormControl>
          {!packages && !error && <CircularProgress aria-label={translate('huby.labels.previewing')} />}
          {packages && (
            <FormControl component="fieldset">
              <FormLabel component="legend">{translate('huby.labels.packages')}</FormLabel>
              <FormGroup>
                {packages.map((p) => (
                  <FormControlLabel
                    key={p.sscc}
                    control={<Checkbox checked={chosen.has(p.sscc)} onChange={() => toggle(p.sscc)} />}
                    label={`${p.n}/${p.of} · ${p.tracking_number} · SSCC ${p.sscc}`}
                  />
                ))}
              </FormGroup>
            </FormControl>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('huby.labels.close')}</Button>
        <Button variant="contained" disabled={busy || !chosen.size} onClick={() => void reprint()}>
          {translate('huby.labels.reprint')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
