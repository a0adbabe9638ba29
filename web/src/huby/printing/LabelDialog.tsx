import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import type { LabelResponseDto } from '@portal/contracts';
import { alertParams, errorKeyOf, ApiError } from '../../core/api';
import { saveBlob } from '../../core/files';
import { useUser } from '../../user/useUser';
import { agentUrl, parseHostStatus, postToPrinterAddress, printerAgent } from './agent';
import { decodeBase64Text } from './autoPrint';
import { base64Bytes, labelsApi, type LabelRequest } from './labelsApi';
import { usePrinter } from './usePrinter';
import { ZplPreview } from './ZplPreview';

const errorArgs = (error: unknown) => (error instanceof ApiError ? alertParams(error.params) : {});

/**
 * The label popup (spec §2 label printing): a PDF answer shown as it prints, with print, download and
 * "printed" (the shipments move to labels printed); a ZPL answer drawn in the browser, sent to the
 * printer through the local agent (status polled every 2 s) or to the user's printer address, with
 * the same labels in PDF as the fallback when no agent answers.
 */
export function LabelDialog({
  answer: initial,
  request,
  onClose,
}: {
  answer: LabelResponseDto;
  request: LabelRequest;
  onClose: (printed: boolean) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const user = useUser();
  const [answer, setAnswer] = useState(initial);
  const [busy, setBusy] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const pdf = answer.etiquettes.PDF;
  const zpl = answer.etiquettes.ZPL;
  const details = (pdf ?? zpl)?.details ?? [];
  const uuids = details.map((d) => d.uuid);
  const references = details.map((d) => d.reference).join(', ');
  const count = details.reduce((n, d) => n + d.packages.length, 0);
  const pdfBlob = useMemo(() => (pdf ? new Blob([base64Bytes(pdf.b64merged)], { type: 'application/pdf' }) : null), [pdf]);
  const pdfUrl = useMemo(() => (pdfBlob ? URL.createObjectURL(pdfBlob) : null), [pdfBlob]);
  useEffect(() => () => (pdfUrl ? URL.revokeObjectURL(pdfUrl) : undefined), [pdfUrl]);
  const zplText = useMemo(() => (zpl?.b64merged ? decodeBase64Text(zpl.b64merged) : ''), [zpl]);
  const printer = usePrinter(user?.uid_zpl_printer ?? null, !!zpl);

  const markPrinted = async () => {
    try {
      await labelsApi.printed(uuids);
      onClose(true);
    } catch (error) {
      notify(`errors.${errorKeyOf(error)}`, { type: 'error', messageArgs: errorArgs(error) });
    }
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  /** Sends the ZPL one way; `deliver` answers the printer's error, if it reports one. Success: said, then printed. */
  const send = (deliver: () => Promise<string | null>) =>
    run(async () => {
      try {
        const error = await deliver();
        if (error) {
          notify('huby.labels.alerts.dtZplErrorRequestSent', { type: 'error', messageArgs: { error, references } });
          return;
        }
      } catch {
        notify('huby.labels.alerts.dtErrorSendRequest', { type: 'error', messageArgs: { references } });
        return;
      }
      notify('huby.labels.alerts.dtZplRequestSent', { type: 'success', messageArgs: { references } });
      await markPrinted();
    });
  const sendToAgent = () =>
    send(async () => {
      const device = printer.selected!;
      await printerAgent.write(device, zplText);
      await printerAgent.write(device, '~HQES');
      return parseHostStatus(await printerAgent.read(device)).errors;
    });
  const sendToAddress = () =>
    send(async () => {
      await postToPrinterAddress({ url: user!.printer.url!, port: user!.printer.port }, zplText);
      return null;
    });
  const asPdf = () =>
    run(async () => {
      try {
        setAnswer(await labelsApi.labels(request, 'PDF'));
      } catch (error) {
        notify(`errors.${errorKeyOf(error)}`, { type: 'error', messageArgs: errorArgs(error) });
      }
    });
  const download = () => pdfBlob && saveBlob(pdfBlob, `etiquettes-${details[0]?.reference ?? 'dashtower'}.pdf`);

  return (
    <Dialog open fullWidth maxWidth="md" onClose={() => onClose(false)} aria-labelledby="label-dialog-title">
      <DialogTitle id="label-dialog-title">{translate('huby.labels.title', { count, references })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {answer.errorsFront.map((e, i) => (
            <Alert key={i} severity={e.color ?? 'error'}>
              {translate(`errors.${e.key}`, alertParams(e.parameters))}
            </Alert>
          ))}
          {pdfUrl && (
            <iframe
              ref={frame}
              src={pdfUrl}
              title={translate('huby.labels.pdfFrame')}
              style={{ width: '100%', height: '60vh', border: 0 }}
              data-testid="label-pdf"
            />
          )}
          {zpl && (
            <>
              <ZplPreview zpl={zplText} />
              {printer.agent === 'unreachable' ? (
                <Alert severity="warning" data-testid="agent-unreachable">
                  {translate('huby.labels.noAgent', { url: agentUrl() })}
                </Alert>
              ) : (
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                  <TextField
                    select
                    size="small"
                    label={translate('huby.labels.printer')}
                    value={printer.selected?.uid ?? ''}
                    onChange={(e) => printer.setSelected(printer.printers.find((p) => p.uid === e.target.value) ?? null)}
                    sx={{ minWidth: 260 }}
                    disabled={printer.agent !== 'ready' || !printer.printers.length}
                  >
                    {printer.printers.map((p) => (
                      <MenuItem key={p.uid} value={p.uid}>
                        {p.name}
                      </MenuItem>
                    ))}
                  </TextField>
                  {printer.selected && (
                    <Chip
                      size="small"
                      data-testid="printer-status"
                      color={printer.status === 'online' ? 'success' : printer.status === 'unknown' ? 'default' : 'error'}
                      label={translate(`huby.labels.status.${printer.status}`)}
                    />
                  )}
                  {printer.agent === 'ready' && !printer.printers.length && (
                    <Typography color="error">{translate('huby.labels.alerts.dtErrorDeviceListEmpty')}</Typography>
                  )}
                </Stack>
              )}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => onClose(false)}>{translate('huby.labels.close')}</Button>
        {pdfUrl && (
          <>
            <Button onClick={download}>{translate('huby.labels.download')}</Button>
            <Button onClick={() => frame.current?.contentWindow?.print()}>{translate('huby.labels.print')}</Button>
            <Button variant="contained" onClick={() => void markPrinted()} disabled={busy}>
              {translate('huby.labels.markPrinted')}
            </Button>
          </>
        )}
        {zpl && (
          <>
            <Button onClick={() => void asPdf()} disabled={busy}>
              {translate('huby.labels.asPdf')}
            </Button>
            {user?.printer.url && (
              <Button onClick={() => void sendToAddress()} disabled={busy}>
                {translate('huby.labels.sendToAddress')}
              </Button>
            )}
            <Button
              variant="contained"
              onClick={() => void sendToAgent()}
              disabled={busy || !printer.selected || printer.status === 'offline'}
            >
              {translate('huby.labels.send')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
