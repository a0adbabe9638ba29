import type { BusClient } from '@portal/bus';
import { FeverSubjects, type CallerContext, type FeverExportPage, type Labels5 } from '@portal/contracts';
import type { ExportPage } from '../exports/export-kinds';
import type { ExportColumn } from '../stock/export-columns';

const l = (fr: string, en: string, es: string, it: string, de: string): Labels5 => ({ fr, en, es, it, de });

export const FEVER_EXPORT_TITLE = l(
  'Relevés de température',
  'Temperature readings',
  'Lecturas de temperatura',
  'Rilevazioni di temperatura',
  'Temperaturmesswerte',
);

/** One probe's readings as exported (spec §9 one-year export), in the user's language, date format and time zone. */
export const FEVER_EXPORT_COLUMNS: ExportColumn[] = [
  { key: 'at', kind: 'datetime', label: l('Date du relevé', 'Reading date', 'Fecha de lectura', 'Data rilevazione', 'Messzeitpunkt') },
  {
    key: 'temperature',
    kind: 'number',
    label: l('Température (°C)', 'Temperature (°C)', 'Temperatura (°C)', 'Temperatura (°C)', 'Temperatur (°C)'),
  },
  { key: 'humidity', kind: 'number', label: l('Humidité (% HR)', 'Humidity (% RH)', 'Humedad (% HR)', 'Umidità (% UR)', 'Feuchte (% rF)') },
  { key: 'voltage', kind: 'number', label: l('Tension (V)', 'Voltage (V)', 'Tensión (V)', 'Tensione (V)', 'Spannung (V)') },
  { key: 'probe', kind: 'text', label: l('Sonde', 'Probe', 'Sonda', 'Sonda', 'Fühler') },
  { key: 'mac', kind: 'text', label: l('Adresse MAC', 'MAC address', 'Dirección MAC', 'Indirizzo MAC', 'MAC-Adresse') },
  { key: 'zone', kind: 'text', label: l('Zone', 'Zone', 'Zona', 'Zona', 'Zone') },
];

/** The query an export job keeps: the probe and its period as asked. */
export interface FeverExportQuery {
  id: string;
  range?: string;
  from?: string;
  to?: string;
}

/** The readings page by page (keyset on the instant); the first page's count says how many there are. */
export async function* feverReadingPages(bus: BusClient, ctx: CallerContext, query: FeverExportQuery): AsyncGenerator<ExportPage<object>> {
  let after: string | undefined;
  for (;;) {
    const page = await bus.request<FeverExportPage>(FeverSubjects.exportRows, ctx, { ...query, ...(after ? { after } : {}) });
    const { label, mac, zone } = page.probe;
    yield { rows: page.rows.map((r) => ({ ...r, probe: label, mac, zone })), atLeast: page.total };
    if (!page.next) return;
    after = page.next;
  }
}
