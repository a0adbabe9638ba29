import { useCallback, useEffect, useRef, useState } from 'react';
import { parseHostStatus, PRINTER_POLL_MS, PrinterHealth, printerAgent, type PrinterDevice } from './agent';

export type AgentState = 'loading' | 'ready' | 'unreachable';
export type PrinterState = 'unknown' | 'online' | 'error' | 'offline';

/**
 * The printers of the local agent and the one chosen (the user's saved uid first, else the agent's
 * default), its status polled every 2 s (~HQES) and offline after 2 consecutive errors (spec §9).
 * Not `enabled` (labels in PDF only): the agent is not asked at all, so the browser makes no request to
 * a printer the user does not use.
 */
export function usePrinter(savedUid: string | null, enabled = true) {
  const [agent, setAgent] = useState<AgentState>('loading');
  const [printers, setPrinters] = useState<PrinterDevice[]>([]);
  const [selected, setSelected] = useState<PrinterDevice | null>(null);
  const [status, setStatus] = useState<PrinterState>('unknown');
  const health = useRef(new PrinterHealth());

  const load = useCallback(async () => {
    if (!enabled) return;
    setAgent('loading');
    try {
      const list = await printerAgent.available();
      const fallback = list.length ? await printerAgent.default().catch(() => null) : null;
      setPrinters(list);
      setSelected(list.find((p) => p.uid === savedUid) ?? list.find((p) => p.uid === fallback?.uid) ?? list[0] ?? null);
      setAgent('ready');
    } catch {
      setPrinters([]);
      setSelected(null);
      setAgent('unreachable');
    }
  }, [savedUid, enabled]);
  useEffect(() => void load(), [load]);

  useEffect(() => {
    if (!selected || !enabled) return;
    health.current = new PrinterHealth();
    setStatus('unknown');
    let live = true;
    const check = async () => {
      try {
        await printerAgent.write(selected, '~HQES');
        const answer = parseHostStatus(await printerAgent.read(selected));
        health.current.ok();
        if (live) setStatus(answer.errors ? 'error' : 'online');
      } catch {
        health.current.failed();
        if (live && health.current.offline) setStatus('offline');
      }
    };
    void check();
    const timer = setInterval(() => void check(), PRINTER_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [selected, enabled]);

  return { agent, printers, selected, setSelected, status, reload: load };
}
