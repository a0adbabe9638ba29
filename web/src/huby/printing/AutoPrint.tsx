import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Chip, FormControlLabel, Stack, Switch, Tooltip } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { hasAnyRole, LiveEventNames, Role, type LabelResponseDto } from '@portal/contracts';
import { useLiveEvents, useLiveUp } from '../../core/liveHooks';
import { updateUser, useUser } from '../../user/useUser';
import { getUser } from '../../core/session';
import { printerAgent, type PrinterDevice } from './agent';
import { AutoPrintJob } from './autoPrint';
import { LabelDialog } from './LabelDialog';
import { labelsApi, type LabelRequest } from './labelsApi';

interface Printing {
  running: boolean;
  printer: PrinterDevice | null;
  start(): void;
  stop(): void;
  /** Opens the label popup with an answer (a print or reprint from a screen). */
  show(answer: LabelResponseDto, request: LabelRequest): void;
  /** Bumped when shipments were printed: lists of the ready-to-go tab reload. */
  refreshKey: number;
}
const PrintingContext = createContext<Printing | null>(null);
export const usePrinting = (): Printing | null => useContext(PrintingContext);

/**
 * Dashtower's printing: the label popup and the auto-print job (spec §4), one per tab of the browser.
 * The job runs while the user is in Dashtower with autoPrint on (saved in the user's settings: start
 * sets it, stop clears it), and stops when they leave it, keeping the setting for their return.
 */
export function PrintingProvider({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [state, setState] = useState<{ running: boolean; printer: PrinterDevice | null }>({ running: false, printer: null });
  const [popup, setPopup] = useState<{ answer: LabelResponseDto; request: LabelRequest } | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const popupOpen = useRef(false);
  popupOpen.current = !!popup;

  const job = useMemo(
    () =>
      new AutoPrintJob({
        format: () => getUser()?.etiquette_format ?? 'PDF',
        printerUid: () => getUser()?.uid_zpl_printer ?? null,
        fetchLabels: (format, signal) => labelsApi.autoprint(format, signal),
        printed: (uuids) => labelsApi.printed(uuids),
        setAutoPrint: (on) => {
          const me = getUser();
          return me
            ? updateUser(`/user/${encodeURIComponent(me.uuid)}/setAutoPrint/${on ? 'on' : 'off'}`, { method: 'PUT' })
            : Promise.resolve();
        },
        listPrinters: () => printerAgent.available(),
        write: (device, data) => printerAgent.write(device, data),
        read: (device) => printerAgent.read(device),
        openPdf: (answer) => setPopup({ answer, request: { uuids: answer.etiquettes.PDF?.details.map((d) => d.uuid) ?? [] } }),
        pdfOpen: () => popupOpen.current,
        alert: (key, type, args) =>
          notify(key.startsWith('errors.') ? key : `huby.labels.alerts.${key}`, { type, messageArgs: args, autoHideDuration: 7000 }),
        refresh: () => setRefreshKey((k) => k + 1),
        onChange: setState,
      }),
    [notify],
  );
  // Entering Dashtower resumes the saved setting; leaving it stops the job and keeps the setting.
  useEffect(() => {
    const me = getUser();
    if (me?.autoPrint && hasAnyRole(me.roles, [Role.DASHTOWER_USER, Role.ADMIN_DASHTOWER_USER])) job.start();
    return () => job.stop(true);
  }, [job]);
  // Labels announced by the live stream print at once; the job polls only while the stream is cut.
  const live = useLiveUp();
  useEffect(() => job.setLive(live), [job, live]);
  useLiveEvents([LiveEventNames.shipment], () => job.labelsArrived());

  const value: Printing = {
    ...state,
    start: () => job.start(),
    stop: () => job.stop(false),
    show: (answer, request) => setPopup({ answer, request }),
    refreshKey,
  };
  return (
    <PrintingContext.Provider value={value}>
      {children}
      {popup && (
        <LabelDialog
          answer={popup.answer}
          request={popup.request}
          onClose={(printed) => {
            setPopup(null);
            if (printed) {
              setRefreshKey((k) => k + 1);
              notify(translate('huby.labels.printedDone'), { type: 'success' });
            }
          }}
        />
      )}
    </PrintingContext.Provider>
  );
}

/** The auto-print switch of the shipment list, with the format and printer it prints with. */
export function AutoPrintControl() {
  const translate = useTranslate();
  const printing = usePrinting();
  const user = useUser();
  if (!printing || !user || !hasAnyRole(user.roles, [Role.DASHTOWER_USER, Role.ADMIN_DASHTOWER_USER])) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <FormControlLabel
        control={
          <Switch
            checked={printing.running}
            onChange={(e) => (e.target.checked ? printing.start() : printing.stop())}
            slotProps={{ input: { 'aria-describedby': 'auto-print-state' } }}
          />
        }
        label={translate('huby.labels.autoPrint')}
      />
      <Tooltip title={translate('huby.labels.autoPrintHint')}>
        <Chip
          id="auto-print-state"
          size="small"
          data-testid="auto-print-state"
          color={printing.running ? 'success' : 'default'}
          label={
            printing.running
              ? `${user.etiquette_format}${printing.printer ? ` · ${printing.printer.name}` : ''}`
              : translate('huby.labels.autoPrintOff')
          }
        />
      </Tooltip>
    </Stack>
  );
}
