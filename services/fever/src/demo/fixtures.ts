/**
 * The demo's probes (issue 16 item 6): Pharmalys Santé (DEMO-B, the cold-chain depositor) at
 * Orléans Saran (platform 12) and Lille Lesquin (platform 10). The zones carry the codes of DEMO-B's
 * stores (libs/demo catalogue), so a tracking order's store says which zone its goods stayed in.
 */
export const DEMO_FEVER_DEPOSITOR = 2;

export interface DemoZone {
  code: string;
  platformId: number;
  label: string;
  minTemperature: number | null;
  maxTemperature: number | null;
  maxHumidity: number | null;
  /** The usual temperature the demo readings wave around. */
  setPoint: number;
}

export const DEMO_ZONES: DemoZone[] = [
  {
    code: 'FROID-2-8',
    platformId: 12,
    label: 'Chambre froide 2–8 °C',
    minTemperature: 2,
    maxTemperature: 8,
    maxHumidity: null,
    setPoint: 5,
  },
  {
    code: 'TEMP-15-25',
    platformId: 12,
    label: 'Zone tempérée 15–25 °C',
    minTemperature: 15,
    maxTemperature: 25,
    maxHumidity: 65,
    setPoint: 20,
  },
  {
    code: 'FROID-LIL1',
    platformId: 10,
    label: 'Chambre froide 2–8 °C Lesquin',
    minTemperature: 2,
    maxTemperature: 8,
    maxHumidity: null,
    setPoint: 4.5,
  },
  {
    code: 'QUAI-LIL1',
    platformId: 10,
    label: 'Quai de chargement Lesquin',
    minTemperature: 0,
    maxTemperature: 30,
    maxHumidity: 80,
    setPoint: 12,
  },
];

export interface DemoPlan {
  key: 'saran' | 'lesquin';
  platformId: number;
  name: string;
}

export const DEMO_PLANS: DemoPlan[] = [
  { key: 'saran', platformId: 12, name: 'Saran – bâtiment froid et tempéré' },
  { key: 'lesquin', platformId: 10, name: 'Lesquin – CRT, chambre froide et quai' },
];

export interface DemoProbe {
  mac: string;
  label: string;
  zone: string;
  plan: DemoPlan['key'];
  x: number;
  y: number;
}

/** Ten probes on the two plans (x, y as fractions of the plan's image). */
export const DEMO_PROBES: DemoProbe[] = [
  { mac: '00:1b:c5:0a:10:01', label: 'CF Saran – porte', zone: 'FROID-2-8', plan: 'saran', x: 0.12, y: 0.2 },
  { mac: '00:1b:c5:0a:10:02', label: 'CF Saran – allée A', zone: 'FROID-2-8', plan: 'saran', x: 0.3, y: 0.25 },
  { mac: '00:1b:c5:0a:10:03', label: 'CF Saran – allée B', zone: 'FROID-2-8', plan: 'saran', x: 0.3, y: 0.6 },
  { mac: '00:1b:c5:0a:10:04', label: 'CF Saran – fond', zone: 'FROID-2-8', plan: 'saran', x: 0.42, y: 0.8 },
  { mac: '00:1b:c5:0a:10:05', label: 'Tempéré Saran – rack 12', zone: 'TEMP-15-25', plan: 'saran', x: 0.7, y: 0.3 },
  { mac: '00:1b:c5:0a:10:06', label: 'Tempéré Saran – rack 30', zone: 'TEMP-15-25', plan: 'saran', x: 0.85, y: 0.7 },
  { mac: '00:1b:c5:0a:20:01', label: 'CF Lesquin – entrée', zone: 'FROID-LIL1', plan: 'lesquin', x: 0.2, y: 0.3 },
  { mac: '00:1b:c5:0a:20:02', label: 'CF Lesquin – milieu', zone: 'FROID-LIL1', plan: 'lesquin', x: 0.35, y: 0.55 },
  { mac: '00:1b:c5:0a:20:03', label: 'CF Lesquin – fond', zone: 'FROID-LIL1', plan: 'lesquin', x: 0.2, y: 0.8 },
  { mac: '00:1b:c5:0a:20:04', label: 'Quai Lesquin – porte 4', zone: 'QUAI-LIL1', plan: 'lesquin', x: 0.8, y: 0.5 },
];
