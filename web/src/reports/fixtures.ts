import type { ReportDefinitionDto, ReportResultDto } from '@portal/contracts';

/** Answers of the reports API as the contract shapes them (libs/contracts reports-run), for the web tests. */
const l = (fr: string, en = fr) => ({ fr, en, es: en, it: en, de: en });

export const CATALOGUE: ReportDefinitionDto[] = [
  {
    id: '1005',
    displayNumber: 'M1',
    title: l('Suivi des livraisons', 'Delivery tracking'),
    description: l('Livraisons à l’heure et en retard'),
    chart: 'bars',
    roles: ['REPORT_USER'],
    money: false,
  },
  {
    id: '1011',
    displayNumber: 'MVT1',
    title: l('Mouvements de stock'),
    description: l('Par type'),
    chart: 'pie',
    roles: ['REPORT_USER'],
    money: false,
  },
  {
    id: '1060',
    displayNumber: '11',
    title: l('Valeur du stock'),
    description: l('Par famille'),
    chart: 'table',
    roles: ['REPORT_USER_1060'],
    money: true,
  },
  {
    id: '1029',
    displayNumber: 'M2',
    title: l('Messagerie : délais de livraison'),
    description: l('Par transporteur'),
    chart: 'line',
    roles: ['REPORT_USER_MESSAGERIE'],
    money: false,
  },
  {
    id: '10',
    displayNumber: 'M10',
    title: l('Profil prédéfini 10'),
    description: l('Suivi des livraisons'),
    chart: 'bars',
    roles: ['REPORT_USER'],
    money: false,
    presetOf: '1005',
    profileId: 10,
  },
  {
    id: '1061',
    displayNumber: '02',
    title: l('Écarts d’inventaire'),
    description: l('Par magasin'),
    chart: 'bars',
    roles: ['REPORT_USER'],
    money: false,
  },
];

export const RESULT: ReportResultDto = {
  reportId: '1005',
  from: '2026-10-01',
  to: '2026-10-31',
  depositorIds: [1],
  columns: [
    { key: 'day', title: l('Jour', 'Day'), type: 'day' },
    { key: 'orders', title: l('Commandes', 'Orders'), type: 'integer' },
    { key: 'late', title: l('En retard', 'Late'), type: 'integer' },
    { key: 'onTime', title: l('À l’heure', 'On time'), type: 'percent' },
    { key: 'lead', title: l('Délai moyen', 'Average lead time'), type: 'minutes' },
    { key: 'value', title: l('Valeur', 'Value'), type: 'money' },
  ],
  rows: [
    { day: '2026-10-01', orders: 1200, late: 30, onTime: 97.5, lead: 125, value: 10500.5 },
    { day: '2026-10-02', orders: 800, late: null, onTime: 100, lead: 45, value: 0 },
  ],
  chart: { type: 'bars', x: 'day', y: ['orders', 'late'] },
  totals: { day: null, orders: 2000, late: 30, onTime: 98.5, lead: 93, value: 10500.5 },
};
