import {
  ALERT_LIMITS,
  AppError,
  alertInput,
  alertInputProblems,
  parseBody,
  type AlertCriteria,
  type AlertDocumentType,
  type AlertDto,
  type AlertFrequency,
  type AlertInput,
  type AlertKind,
  type AlertMailDto,
  type AlertMonthDay,
  type AlertSlaRule,
  type AlertTime,
} from '@portal/contracts';

/** The screen of My VIP (/vip) or My DOC (/doc). */
export type AlertScreen = 'vip' | 'doc';
/** The kinds each screen creates (contracts ALERT_SCREEN says which screen manages a kind). */
export const SCREEN_KINDS: Record<AlertScreen, readonly AlertKind[]> = { vip: ['VIP', 'SLA', 'NO_TEMPERATURE'], doc: ['DOC'] };

export interface RecipientRow {
  name: string;
  email: string;
  phone: string;
}

/** The alert form as the screen holds it: every §3 field, blank text as ''. */
export interface AlertForm {
  kind: AlertKind;
  title: string;
  comment: string;
  enabled: boolean;
  depositorIds: number[];
  activityCodes: string[];
  carrierCodes: string[];
  tourCodes: string[];
  storeCodes: string[];
  customerCodes: string[];
  articleCodes: string[];
  statuses: number[];
  events: string[];
  documentTypes: AlertDocumentType[];
  recipients: RecipientRow[];
  copyToSelf: boolean;
  informFinalRecipient: boolean;
  subject: string;
  frequency: AlertFrequency;
  time: AlertTime | '';
  weekday: number | '';
  monthDay: AlertMonthDay | '';
  month: number | '';
  sendOnlyIfData: boolean;
  showComment: boolean;
  referencePrefix: string;
  slaRule: AlertSlaRule | '';
  cutoff: string;
}

export function emptyForm(screen: AlertScreen): AlertForm {
  const kind = SCREEN_KINDS[screen][0];
  return {
    kind,
    title: '',
    comment: '',
    enabled: true,
    depositorIds: [],
    activityCodes: [],
    carrierCodes: [],
    tourCodes: [],
    storeCodes: [],
    customerCodes: [],
    articleCodes: [],
    statuses: [],
    events: [],
    documentTypes: [],
    recipients: [],
    copyToSelf: true,
    informFinalRecipient: false,
    subject: '',
    // My DOC sends the day's documents once a day; My VIP tells at once.
    frequency: kind === 'DOC' ? 'DAY' : 'IMMEDIATE',
    time: kind === 'DOC' ? '12:00' : '',
    weekday: '',
    monthDay: '',
    month: '',
    sendOnlyIfData: true,
    showComment: false,
    referencePrefix: '',
    slaRule: '',
    cutoff: '',
  };
}

/** An alert of the API as the form edits it. */
export function formFromAlert(a: AlertDto): AlertForm {
  return {
    kind: a.kind,
    title: a.title,
    comment: a.comment ?? '',
    enabled: a.enabled,
    depositorIds: a.depositorIds,
    activityCodes: a.activityCodes,
    carrierCodes: a.carrierCodes,
    tourCodes: a.tourCodes,
    storeCodes: a.storeCodes,
    customerCodes: a.customerCodes,
    articleCodes: a.articleCodes,
    statuses: a.statuses,
    events: a.events,
    documentTypes: a.documentTypes,
    recipients: a.recipients.map((r) => ({ name: r.name, email: r.email, phone: r.phone ?? '' })),
    copyToSelf: a.copyToSelf,
    informFinalRecipient: a.informFinalRecipient,
    subject: a.subject ?? '',
    frequency: a.frequency,
    time: a.time ?? '',
    weekday: a.weekday ?? '',
    monthDay: a.monthDay ?? '',
    month: a.month ?? '',
    sendOnlyIfData: a.sendOnlyIfData,
    showComment: a.showComment,
    referencePrefix: a.referencePrefix ?? '',
    slaRule: a.slaRule ?? '',
    cutoff: a.cutoff ?? '',
  };
}

/**
 * The body of POST / PUT /api/alerts: what the kind and frequency do not use is left out (a weekday
 * kept from an earlier weekly choice would otherwise travel with a daily alert).
 */
export function alertBody(f: AlertForm): Record<string, unknown> {
  const scheduled = f.frequency !== 'IMMEDIATE';
  return {
    ...f,
    statuses: f.kind === 'VIP' ? f.statuses : [],
    events: f.kind === 'VIP' ? f.events : [],
    documentTypes: f.kind === 'DOC' ? f.documentTypes : [],
    time: scheduled ? f.time : '',
    weekday: f.frequency === 'WEEK' ? f.weekday : '',
    monthDay: f.frequency === 'MONTH' || f.frequency === 'YEAR' ? f.monthDay : '',
    month: f.frequency === 'YEAR' ? f.month : '',
    slaRule: f.kind === 'SLA' ? f.slaRule : '',
    cutoff: f.kind === 'SLA' && f.slaRule === 'PICKING_CUTOFF' ? f.cutoff : '',
  };
}

/** The criteria the matching count reads (POST /api/alerts/match-count). */
export function criteriaOf(f: AlertForm): Record<keyof AlertCriteria, unknown> {
  const body = alertBody(f);
  return {
    kind: f.kind,
    depositorIds: f.depositorIds,
    activityCodes: f.activityCodes,
    carrierCodes: f.carrierCodes,
    tourCodes: f.tourCodes,
    storeCodes: f.storeCodes,
    customerCodes: f.customerCodes,
    articleCodes: f.articleCodes,
    statuses: body.statuses,
    events: body.events,
    referencePrefix: f.referencePrefix,
  };
}

/**
 * The problems of the form, field -> §5 key (nested fields by path: `recipients.0.email`), by the
 * rules the server applies: the alertInput schema, then the rules across fields (alertInputProblems),
 * and at least one depositor (the server answers `required` too). Empty: the alert may be sent.
 */
export function alertFormProblems(f: AlertForm): Record<string, string> {
  const problems: Record<string, string> = {};
  let parsed: AlertInput | null = null;
  try {
    parsed = parseBody(alertInput, alertBody(f));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    Object.assign(problems, error.fields ?? {});
  }
  // The rules across fields read the form as typed when a field of its own did not parse.
  const rules = alertInputProblems(parsed ?? (alertBody(f) as unknown as AlertInput));
  for (const [field, key] of Object.entries(rules)) problems[field] ??= key;
  if (f.depositorIds.length === 0) problems.depositorIds ??= 'required';
  return problems;
}

/** The `n` of a field's "at most {n} characters" / "at most {n}" message. */
export function limitOf(field: string): number {
  if (field === 'title') return ALERT_LIMITS.title;
  if (field === 'comment') return ALERT_LIMITS.comment;
  if (field === 'subject') return ALERT_LIMITS.subject;
  if (field === 'recipients') return ALERT_LIMITS.recipients;
  if (/^recipients\.\d+\.name$/.test(field)) return 100;
  if (/^recipients\.\d+\.email$/.test(field)) return 255;
  if (field.endsWith('Codes')) return ALERT_LIMITS.codes;
  return ALERT_LIMITS.code;
}

/** What a user types or pastes as codes: "dup*, 1234 ; abc" → DUP*, 1234, ABC. */
export const typedCodes = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "lundi" for 1 … "dimanche" for 7 (ISO weekdays), in the user's language. */
export function weekdayName(weekday: number, locale: string): string {
  // 1 January 2024 was a Monday.
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, weekday));
}

/** "mars" for 3, in the user's language. */
export function monthName(month: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, month - 1, 1));
}

/**
 * The frequency of an alert in words: "Immédiate, à chaque événement", "Chaque jour à 12:00",
 * "Chaque lundi à 12:00", "Le premier jour de chaque mois à 01:00", "Chaque année, le dernier jour
 * de mars à 23:50". An unfinished schedule reads as far as it goes.
 */
export function frequencyWords(
  a: Pick<AlertForm, 'frequency'> & {
    time: string | null;
    weekday: number | '' | null;
    monthDay: string | null;
    month: number | '' | null;
  },
  translate: Translate,
  locale: string,
): string {
  const time = a.time || '—';
  switch (a.frequency) {
    case 'IMMEDIATE':
      return translate('alerts.frequencyWords.IMMEDIATE');
    case 'DAY':
      return translate('alerts.frequencyWords.DAY', { time });
    case 'WEEK':
      return translate('alerts.frequencyWords.WEEK', { weekday: a.weekday ? weekdayName(a.weekday, locale) : '—', time });
    case 'MONTH':
      return translate(`alerts.frequencyWords.MONTH_${a.monthDay || 'FIRST'}`, { time });
    case 'YEAR':
      return translate(`alerts.frequencyWords.YEAR_${a.monthDay || 'FIRST'}`, { month: a.month ? monthName(a.month, locale) : '—', time });
  }
}

/** Where a mail of an alert stands: sent, waiting for its first try, waiting for a retry, or given up. */
export type MailStatus = 'sent' | 'queued' | 'retry' | 'failed';
export function mailStatus(m: Pick<AlertMailDto, 'sentAt' | 'attempts'>): MailStatus {
  if (m.sentAt) return 'sent';
  if (m.attempts >= ALERT_LIMITS.mailAttempts) return 'failed';
  return m.attempts > 0 ? 'retry' : 'queued';
}
