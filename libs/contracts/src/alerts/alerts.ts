import { z } from 'zod';
import { bodyField as f } from '../body';
import { FIELD_ERRORS } from '../errors';
import { EMAIL_PATTERN, normalizePhone } from '../settings';
import { CARRIER_EVENT_STATUSES, TRACER_EVENT_TYPES, TRACKING_STATUS_CODES } from '../tracking/statuses';

/**
 * My VIP and My DOC (spec §1, §2, §3 Alert, §5 alert recipient, §6, §9 alert times). One alert
 * definition serves four kinds:
 * - VIP: a mail when a followed order reaches a followed status or carrier event;
 * - DOC: a mail carrying the documents of the chosen types of the matching orders;
 * - SLA (beyond the spec): an order not picked by its cut-off, or not shipped on its planned tour;
 * - NO_TEMPERATURE: the fever service's "no temperature for 12 h" event for the alert's depositors.
 * "Hello" is the list of a user's alerts (every kind).
 */
export const ALERT_KINDS = ['VIP', 'DOC', 'SLA', 'NO_TEMPERATURE'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
/** The screen each kind is managed from: /vip or /doc. */
export const ALERT_SCREEN: Record<AlertKind, 'vip' | 'doc'> = { VIP: 'vip', DOC: 'doc', SLA: 'vip', NO_TEMPERATURE: 'vip' };

/** Spec §3 document types of My DOC; HAZARDOUS stands for the order's ADR and LQ documents. */
export const ALERT_DOCUMENT_TYPES = [
  'DELIVERY_NOTE',
  'PACKING_LIST',
  'PACKING_LIST_XLS',
  'MASTER_PACKING_LIST',
  'MASTER_PACKING_LIST_XLS',
  'HAZARDOUS',
] as const;
export type AlertDocumentType = (typeof ALERT_DOCUMENT_TYPES)[number];
/** Tracking's document types behind each My DOC type. */
export const ALERT_DOCUMENT_SOURCES: Record<AlertDocumentType, readonly string[]> = {
  DELIVERY_NOTE: ['DELIVERY_NOTE'],
  PACKING_LIST: ['PACKING_LIST'],
  PACKING_LIST_XLS: ['PACKING_LIST_XLS'],
  MASTER_PACKING_LIST: ['MASTER_PACKING_LIST'],
  MASTER_PACKING_LIST_XLS: ['MASTER_PACKING_LIST_XLS'],
  HAZARDOUS: ['ADR', 'LQ'],
};

/** Spec §3 frequency: on each event, or a digest per day / week / month / year. */
export const ALERT_FREQUENCIES = ['IMMEDIATE', 'DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
/** Spec §9 alert times: morning 01:00, midday 12:00, evening 23:50, in the owner's time zone. */
export const ALERT_TIMES = ['01:00', '12:00', '23:50'] as const;
export type AlertTime = (typeof ALERT_TIMES)[number];
export const ALERT_MONTH_DAYS = ['FIRST', 'LAST'] as const;
export type AlertMonthDay = (typeof ALERT_MONTH_DAYS)[number];

/** Preparation SLA rules (beyond the spec): not picked by the alert's cut-off, or not shipped when its tour left. */
export const ALERT_SLA_RULES = ['PICKING_CUTOFF', 'TOUR_MISSED'] as const;
export type AlertSlaRule = (typeof ALERT_SLA_RULES)[number];

/** Carrier events and Tracer Route events an alert can follow (besides the §4 statuses). */
export const ALERT_EVENTS = [...CARRIER_EVENT_STATUSES, ...TRACER_EVENT_TYPES] as const;

/** Spec §3 subject placeholders, written {name} in a custom subject. */
export const ALERT_SUBJECT_PLACEHOLDERS = [
  'alertName',
  'orderReference',
  'deliveryNoteReference',
  'customerOrderReference',
  'depositorLabel',
] as const;
export type AlertSubjectPlaceholder = (typeof ALERT_SUBJECT_PLACEHOLDERS)[number];

/** Fills `{placeholder}` in a custom subject; an unknown `{word}` stays as typed. */
export function fillAlertSubject(subject: string, values: Partial<Record<AlertSubjectPlaceholder, string | null | undefined>>): string {
  return subject.replace(/\{(\w+)\}/g, (whole, name: string) =>
    (ALERT_SUBJECT_PLACEHOLDERS as readonly string[]).includes(name) ? (values[name as AlertSubjectPlaceholder] ?? '') : whole,
  );
}

export const ALERT_LIMITS = {
  title: 100,
  comment: 2000,
  subject: 200,
  codes: 100,
  code: 64,
  recipients: 20,
  /** The orders of the last 3 months count for the matching figure (spec §3). */
  matchMonths: 3,
  /** An alert's digest lists at most this many orders; My DOC attaches at most this many files (the rest are listed). */
  digestOrders: 500,
  attachments: 20,
  /** Mail retries: attempts and first backoff (doubled each time). */
  mailAttempts: 6,
  mailBackoffMs: 30_000,
  maxPageSize: 100,
} as const;

const codeList = (max: number = ALERT_LIMITS.codes) =>
  z.preprocess(
    (v) => (v === null || v === undefined || v === '' ? [] : typeof v === 'string' ? v.split(/[\s,;]+/).filter(Boolean) : v),
    z
      .array(
        z
          .string({ error: FIELD_ERRORS.invalidFormat })
          .transform((s) => s.trim().toUpperCase())
          .refine((s) => s.length > 0 && s.length <= ALERT_LIMITS.code, { error: FIELD_ERRORS.maxLength })
          .refine((s) => /^[A-Z0-9_*.\-/]+$/.test(s), { error: FIELD_ERRORS.invalidFormat }),
        { error: FIELD_ERRORS.invalidFormat },
      )
      .max(max, { error: FIELD_ERRORS.max })
      .transform((a) => [...new Set(a)]),
  );

const idList = z.preprocess(
  (v) => (v === null || v === undefined || v === '' ? [] : v),
  z
    .array(z.number({ error: FIELD_ERRORS.integer }).int({ error: FIELD_ERRORS.integer }).min(1, { error: FIELD_ERRORS.min }), {
      error: FIELD_ERRORS.invalidFormat,
    })
    .max(ALERT_LIMITS.codes, { error: FIELD_ERRORS.max })
    .transform((a) => [...new Set(a)]),
);

const enumList = <T extends readonly [string | number, ...(string | number)[]]>(values: T) =>
  z.preprocess(
    (v) => (v === null || v === undefined || v === '' ? [] : v),
    z
      .array(
        z.any().refine((x) => (values as readonly unknown[]).includes(x), { error: FIELD_ERRORS.invalidFormat }),
        {
          error: FIELD_ERRORS.invalidFormat,
        },
      )
      .max(values.length, { error: FIELD_ERRORS.max })
      .transform((a) => [...new Set(a)] as T[number][]),
  );

/** Spec §5 alert recipient: name required, valid e-mail, phone digits only. */
export const alertRecipientInput = z.object({
  name: f.text(100).nonoptional({ error: FIELD_ERRORS.required }),
  email: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: FIELD_ERRORS.required })
      .min(1, { error: FIELD_ERRORS.required })
      .max(255, { error: FIELD_ERRORS.maxLength })
      .regex(EMAIL_PATTERN, { error: FIELD_ERRORS.invalidEmail }),
  ),
  phone: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z
      .string({ error: FIELD_ERRORS.phoneDigits })
      .transform((v, c) => {
        const phone = normalizePhone(v);
        if (!phone) c.addIssue({ code: 'custom', message: FIELD_ERRORS.phoneDigits });
        return phone ?? v;
      })
      .optional(),
  ),
});
export type AlertRecipient = z.infer<typeof alertRecipientInput>;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The create and update form of an alert (every §3 field). Rules across fields (checked by
 * `alertInputProblems`, the same on web and server): a scheduled frequency needs its time (and the
 * weekday, month day or month it names); DOC needs a document type; VIP follows at least one status
 * or event; SLA needs its rule (and a cut-off time for PICKING_CUTOFF).
 */
export const alertInput = z.object({
  kind: z.enum(ALERT_KINDS, { error: FIELD_ERRORS.required }),
  title: f.text(ALERT_LIMITS.title).nonoptional({ error: FIELD_ERRORS.required }),
  comment: f.text(ALERT_LIMITS.comment, { multiline: true }),
  enabled: f.flag().default(true),
  depositorIds: idList,
  activityCodes: codeList(),
  carrierCodes: codeList(),
  tourCodes: codeList(),
  storeCodes: codeList(),
  /** `*` stands for any run of characters (DUP* matches DUPONT and DUPUIS). */
  customerCodes: codeList(),
  articleCodes: codeList(),
  statuses: enumList(TRACKING_STATUS_CODES as unknown as readonly [number, ...number[]]),
  events: enumList(ALERT_EVENTS),
  documentTypes: enumList(ALERT_DOCUMENT_TYPES),
  recipients: z.preprocess(
    (v) => (v === null || v === undefined ? [] : v),
    z.array(alertRecipientInput, { error: FIELD_ERRORS.invalidFormat }).max(ALERT_LIMITS.recipients, { error: FIELD_ERRORS.max }),
  ),
  copyToSelf: f.flag().default(false),
  /** Mail the order's final recipient too: VIP Premium right (USER_VIP_PREMIUM) only. */
  informFinalRecipient: f.flag().default(false),
  /** Custom subject with {placeholders}: USER_CUSTOM_ALERT_SUBJECT right only. */
  subject: f.text(ALERT_LIMITS.subject),
  frequency: z.enum(ALERT_FREQUENCIES, { error: FIELD_ERRORS.required }).default('IMMEDIATE'),
  time: f.oneOf(ALERT_TIMES),
  /** WEEK: 1 = Monday … 7 = Sunday (ISO). */
  weekday: f.integer(1, 7),
  /** MONTH and YEAR: the first or the last day of the month. */
  monthDay: f.oneOf(ALERT_MONTH_DAYS),
  /** YEAR: 1 = January … 12 = December. */
  month: f.integer(1, 12),
  sendOnlyIfData: f.flag().default(true),
  showComment: f.flag().default(false),
  /** Delivery-number prefix: only orders whose reference starts with it. */
  referencePrefix: f.text(ALERT_LIMITS.code),
  slaRule: f.oneOf(ALERT_SLA_RULES),
  /** PICKING_CUTOFF: orders received before this time (HH:mm, owner's time zone) must be picked by it. */
  cutoff: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.string({ error: FIELD_ERRORS.invalidFormat }).regex(TIME_OF_DAY, { error: FIELD_ERRORS.invalidFormat }).optional(),
  ),
});
export type AlertInput = z.infer<typeof alertInput>;

/** Cross-field rules of the alert form: field -> §5 key, empty when the alert holds together. */
export function alertInputProblems(a: AlertInput): Record<string, 'required'> {
  const problems: Record<string, 'required'> = {};
  if (a.frequency !== 'IMMEDIATE') {
    if (!a.time) problems.time = 'required';
    if (a.frequency === 'WEEK' && !a.weekday) problems.weekday = 'required';
    if ((a.frequency === 'MONTH' || a.frequency === 'YEAR') && !a.monthDay) problems.monthDay = 'required';
    if (a.frequency === 'YEAR' && !a.month) problems.month = 'required';
  }
  if (a.kind === 'DOC' && a.documentTypes.length === 0) problems.documentTypes = 'required';
  if (a.kind === 'VIP' && a.statuses.length === 0 && a.events.length === 0) problems.statuses = 'required';
  if (a.kind === 'SLA') {
    if (!a.slaRule) problems.slaRule = 'required';
    if (a.slaRule === 'PICKING_CUTOFF' && !a.cutoff) problems.cutoff = 'required';
  }
  if (a.recipients.length === 0 && !a.copyToSelf) problems.recipients = 'required';
  return problems;
}

/** The criteria the matching count reads (a subset of the form, sent as it is typed). */
export const alertCriteriaInput = alertInput.pick({
  kind: true,
  depositorIds: true,
  activityCodes: true,
  carrierCodes: true,
  tourCodes: true,
  storeCodes: true,
  customerCodes: true,
  articleCodes: true,
  statuses: true,
  events: true,
  referencePrefix: true,
});
export type AlertCriteria = z.infer<typeof alertCriteriaInput>;

/** An alert as the API answers it. */
export interface AlertDto extends Omit<
  AlertInput,
  'comment' | 'subject' | 'time' | 'weekday' | 'monthDay' | 'month' | 'referencePrefix' | 'slaRule' | 'cutoff'
> {
  id: number;
  uuid: string;
  ownerId: number;
  ownerLogin: string;
  comment: string | null;
  subject: string | null;
  time: AlertTime | null;
  weekday: number | null;
  monthDay: AlertMonthDay | null;
  month: number | null;
  referencePrefix: string | null;
  slaRule: AlertSlaRule | null;
  cutoff: string | null;
  /** The owner's time zone when the alert was saved: slots are read in it. */
  timezone: string;
  /** The owner's language: the mail's language. */
  locale: string;
  createdAt: string;
  updatedAt: string;
  /** The last mail sent for this alert, and the next slot of a scheduled one. */
  lastSentAt: string | null;
  nextSlotAt: string | null;
}

/**
 * The answer of the matching count: orders of the last 3 months that match, and since when. Past a
 * threshold the count stops: `capped` then says "at least `count`" (the form shows about how many).
 */
export interface AlertMatchCount {
  count: number;
  since: string;
  capped: boolean;
}

/** The answer of a test-send: the mails written (to whom), sent now by the same path as real ones. */
export interface AlertTestSendResult {
  recipients: string[];
  orders: number;
}

/** One mail of an alert, as the alert's history shows it. */
export interface AlertMailDto {
  id: number;
  to: string;
  subject: string;
  createdAt: string;
  sentAt: string | null;
  attempts: number;
  error: string | null;
  orders: number;
  attachments: number;
}
