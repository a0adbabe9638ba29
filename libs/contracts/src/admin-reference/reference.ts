import { z } from 'zod';
import { bodyField as f } from '../body';
import { FIELD_ERRORS } from '../errors';
import { defineList, isValidInstant, listField } from '../lists/kit';
import { ALL_ROLES } from '../roles';
import { LOCALES, type ShortLocale } from '../settings';
import { AuditEvents, type AuditChangeEvent } from '../audit';

/**
 * The back office's reference data (issue 18 item 2): depositors, platforms, activities and stores,
 * email templates (preview, test-send), logos, logs and announcements. Who opens what (spec §6):
 * ADMIN_DEPOSITOR depositors and their logos; ADMIN_LIST the provider's lists (platforms,
 * activities, stores); ADMIN_TEMPLATE templates; ADMIN_LOGS logs; ADMIN_ANNOUNCEMENT announcements;
 * USER_CHANGE_OWN_LOGO the logo of the caller's own depositor.
 */

export const AdminReferenceSubjects = {
  depositorsList: 'admin.ref.depositors.list',
  depositorGet: 'admin.ref.depositors.get',
  depositorCreate: 'admin.ref.depositors.create',
  depositorUpdate: 'admin.ref.depositors.update',
  platformsList: 'admin.ref.platforms.list',
  platformGet: 'admin.ref.platforms.get',
  platformCreate: 'admin.ref.platforms.create',
  platformUpdate: 'admin.ref.platforms.update',
  platformDelete: 'admin.ref.platforms.delete',
  activitiesList: 'admin.ref.activities.list',
  activityGet: 'admin.ref.activities.get',
  activityCreate: 'admin.ref.activities.create',
  activityUpdate: 'admin.ref.activities.update',
  activityDelete: 'admin.ref.activities.delete',
  storesList: 'admin.ref.stores.list',
  storeGet: 'admin.ref.stores.get',
  storeCreate: 'admin.ref.stores.create',
  storeUpdate: 'admin.ref.stores.update',
  storeDelete: 'admin.ref.stores.delete',
  templatesList: 'admin.ref.templates.list',
  templateGet: 'admin.ref.templates.get',
  templateCreate: 'admin.ref.templates.create',
  templateUpdate: 'admin.ref.templates.update',
  templatePreview: 'admin.ref.templates.preview',
  templateTestSend: 'admin.ref.templates.test-send',
  /** An administrator sets (or removes) a depositor's logo. */
  logoSet: 'admin.ref.logos.set',
  logoRemove: 'admin.ref.logos.remove',
  /** A user with USER_CHANGE_OWN_LOGO sets the logo of one of their own depositors. */
  logoSetOwn: 'admin.ref.logos.set-own',
  /** The stored logo of a depositor the caller may see (or, without id, of the caller's own depositor). */
  logoOf: 'admin.ref.logos.of',
  logsList: 'admin.ref.logs.list',
  logGet: 'admin.ref.logs.get',
  logsAcknowledge: 'admin.ref.logs.acknowledge',
  announcementsList: 'admin.ref.announcements.list',
  announcementGet: 'admin.ref.announcements.get',
  announcementCreate: 'admin.ref.announcements.create',
  announcementUpdate: 'admin.ref.announcements.update',
  announcementDelete: 'admin.ref.announcements.delete',
} as const;

/** Every back-office change goes to the audit trail (one event type for every service, see audit.ts). */
export const AdminReferenceEvents = { changed: AuditEvents.changed } as const;
export const REFERENCE_ENTITIES = [
  'depositor',
  'platform',
  'activity',
  'store',
  'emailTemplate',
  'logo',
  'log',
  'announcement',
  /** The transport plan (huby/transport-admin.ts), kept by the Huby service. */
  'carrier',
  'tour',
  /** A tour's carrier account (huby/carrier-accounts.ts): its credentials never reach the trail. */
  'carrierAccount',
] as const;
export type ReferenceEntity = (typeof REFERENCE_ENTITIES)[number];
export type ReferenceChangedEvent = AuditChangeEvent;

// ---- Limits ----

export const LOGO_SIZE = { width: 300, height: 150 } as const;
/** An uploaded logo before resizing (spec §5 uploads: a size limit). */
export const LOGO_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
/** Spec §5 codes: uppercase letters, digits, hyphen and underscore. */
export const REFERENCE_CODE = /^[A-Z0-9_-]+$/;
/** Template codes are lower-case words (alert-vip, password-reset). */
export const TEMPLATE_CODE = /^[a-z0-9][a-z0-9_-]*$/;
export const TEMPLATE_LOCALES = LOCALES.map((l) => l.short) as [ShortLocale, ...ShortLocale[]];
export const TEMPLATE_VISIBILITIES = ['public', 'admin'] as const;
export const LOG_SEVERITIES = ['info', 'warning', 'error', 'critical'] as const;
export type LogSeverityName = (typeof LOG_SEVERITIES)[number];
export const ANNOUNCEMENT_TYPES = ['info', 'other'] as const;
/** An announcement hides itself after at most an hour; 0 = until closed. */
export const ANNOUNCEMENT_MAX_TIMEOUT_MS = 3_600_000;
export const LOG_ACK_MAX_IDS = 500;

// ---- Lists ----

export const ADMIN_DEPOSITORS_LIST = defineList({
  resource: 'admin/depositors',
  filter: z.object({ q: listField.text(64) }),
  sorts: { code: 'text', label: 'text' },
  defaultSort: ['code', 'ASC'],
  maxPageSize: 200,
  maxOffset: 10_000,
});

export const ADMIN_PLATFORMS_LIST = defineList({
  resource: 'admin/platforms',
  filter: z.object({ q: listField.text(64) }),
  sorts: { code: 'text', label: 'text', town: 'text' },
  defaultSort: ['code', 'ASC'],
  maxPageSize: 200,
  maxOffset: 10_000,
});

export const ADMIN_ACTIVITIES_LIST = defineList({
  resource: 'admin/activities',
  filter: z.object({ q: listField.text(64), depositorId: listField.id() }),
  sorts: { code: 'text', label: 'text', depositorId: 'int' },
  defaultSort: ['code', 'ASC'],
  maxPageSize: 200,
  maxOffset: 10_000,
});

export const ADMIN_STORES_LIST = defineList({
  resource: 'admin/stores',
  filter: z.object({ q: listField.text(64), depositorId: listField.id(), platformId: listField.id() }),
  sorts: { code: 'text', label: 'text', depositorId: 'int' },
  defaultSort: ['code', 'ASC'],
  maxPageSize: 200,
  maxOffset: 10_000,
});

export const ADMIN_TEMPLATES_LIST = defineList({
  resource: 'admin/email-templates',
  filter: z.object({
    q: listField.text(64),
    locale: listField.oneOf(TEMPLATE_LOCALES),
    visibility: listField.oneOf(TEMPLATE_VISIBILITIES),
    active: listField.flag(),
  }),
  sorts: { code: 'text', label: 'text', locale: 'text' },
  defaultSort: ['code', 'ASC'],
  maxPageSize: 200,
  maxOffset: 10_000,
});

export const ADMIN_LOGS_LIST = defineList({
  resource: 'admin/logs',
  filter: z.object({
    severity: listField.anyOf(LOG_SEVERITIES),
    module: listField.text(50),
    q: listField.text(100),
    acknowledged: listField.flag(),
    lastFrom: listField.dayOrInstant(),
    lastTo: listField.dayOrInstant(),
  }),
  sorts: { lastAt: 'instant', firstAt: 'instant', counter: 'int', severity: 'text', module: 'text' },
  defaultSort: ['lastAt', 'DESC'],
  maxPageSize: 200,
  maxOffset: 10_000,
});

export const ANNOUNCEMENT_STATES = ['live', 'future', 'ended'] as const;
export const ADMIN_ANNOUNCEMENTS_LIST = defineList({
  resource: 'admin/announcements',
  filter: z.object({ type: listField.oneOf(ANNOUNCEMENT_TYPES), state: listField.oneOf(ANNOUNCEMENT_STATES) }),
  sorts: { priority: 'int', startsAt: 'instant' },
  defaultSort: ['startsAt', 'DESC'],
  maxPageSize: 200,
  maxOffset: 10_000,
});

// ---- Inputs ----

const required = { error: FIELD_ERRORS.required };
const code = (max: number) => f.code(max, REFERENCE_CODE).nonoptional(required);
const id = () => f.integer(1, 2_147_483_647);

export const depositorInput = z.object({
  code: code(50),
  label: f.text(255).nonoptional(required),
  /** Spec §3 Depositor: days after which an address unused is acted upon (§9 retention delay). */
  action_delay_on_address: f.integer(0, 3650).nullable().default(null),
});
export type DepositorInput = z.infer<typeof depositorInput>;

export const platformInput = z.object({
  code: code(20),
  label: f.text(255).nonoptional(required),
  town: f.text(255).nonoptional(required),
});
export type PlatformInput = z.infer<typeof platformInput>;

export const activityInput = z.object({
  depositorId: id().nonoptional(required),
  code: code(50),
  label: f.text(255).nonoptional(required),
});
export type ActivityInput = z.infer<typeof activityInput>;

export const storeInput = z.object({
  depositorId: id().nonoptional(required),
  platformId: id().nullable().default(null),
  code: code(50),
  label: f.text(255).nonoptional(required),
});
export type StoreInput = z.infer<typeof storeInput>;

const templateText = { subject: f.text(255).nonoptional(required), body: f.text(100_000, { multiline: true }).nonoptional(required) };
export const templateInput = z.object({
  code: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z
      .string(required)
      .min(1, required)
      .max(50, { error: FIELD_ERRORS.maxLength })
      .regex(TEMPLATE_CODE, { error: FIELD_ERRORS.invalidFormat }),
  ),
  label: f.text(255).nonoptional(required),
  locale: f.oneOf(TEMPLATE_LOCALES).nonoptional(required),
  visibility: f.oneOf(TEMPLATE_VISIBILITIES).nonoptional(required),
  active: f.flag().default(true),
  ...templateText,
});
export type TemplateInput = z.infer<typeof templateInput>;

/** A template's text (saved or being edited) rendered with sample data in a language. */
export const templatePreviewInput = z.object({ locale: f.oneOf(TEMPLATE_LOCALES).nonoptional(required), ...templateText });
export type TemplatePreviewInput = z.infer<typeof templatePreviewInput>;

export const logAcknowledgeInput = z.object({
  ids: z.preprocess(
    (v) => (Array.isArray(v) ? v.map((x) => (typeof x === 'number' ? String(x) : x)) : v),
    z
      .array(z.string({ error: FIELD_ERRORS.invalidFormat }).regex(/^[1-9]\d{0,17}$/, { error: FIELD_ERRORS.invalidFormat }), required)
      .min(1, required)
      .max(LOG_ACK_MAX_IDS, { error: FIELD_ERRORS.max }),
  ),
  comment: f.text(1000, { multiline: true }),
});
export type LogAcknowledgeInput = z.infer<typeof logAcknowledgeInput>;

const instant = () =>
  z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.string({ error: FIELD_ERRORS.invalidFormat }).refine(isValidInstant, { error: FIELD_ERRORS.invalidFormat }).optional(),
  );
const message = z.object(
  Object.fromEntries(TEMPLATE_LOCALES.map((l) => [l, f.text(2000, { multiline: true })])) as Record<ShortLocale, ReturnType<typeof f.text>>,
);

export const announcementInput = z
  .object({
    /** One text per language; French (the default language) required. */
    message: message.refine((m) => !!m.fr, { error: FIELD_ERRORS.required, path: ['fr'] }),
    type: f.oneOf(ANNOUNCEMENT_TYPES).nonoptional(required),
    timeout: f.integer(0, ANNOUNCEMENT_MAX_TIMEOUT_MS).default(0),
    priority: f.integer(0, 100).default(0),
    startsAt: instant().nonoptional(required),
    endsAt: instant().nullable().default(null),
    /** The rights a reader must hold one of; empty: every signed-in user. */
    roles: z
      .array(z.enum(ALL_ROLES as [string, ...string[]], { error: FIELD_ERRORS.invalidFormat }))
      .max(ALL_ROLES.length, { error: FIELD_ERRORS.max })
      .default([]),
  })
  .refine((a) => !a.endsAt || Date.parse(a.endsAt) > Date.parse(a.startsAt), { error: FIELD_ERRORS.min, path: ['endsAt'] });
export type AnnouncementInput = z.infer<typeof announcementInput>;

// ---- Answers ----

export interface AdminDepositorDto {
  id: number;
  code: string;
  label: string;
  action_delay_on_address: number | null;
  /** When the logo was last set, null without a logo. */
  logoUpdatedAt: string | null;
  activities: number;
  stores: number;
}
export interface AdminPlatformDto {
  id: number;
  code: string;
  label: string;
  town: string;
  stores: number;
}
export interface AdminActivityDto {
  id: number;
  depositorId: number;
  depositorCode: string;
  code: string;
  label: string;
}
export interface AdminStoreDto extends AdminActivityDto {
  platformId: number | null;
  platformCode: string | null;
}
export interface AdminEmailTemplateDto {
  id: number;
  code: string;
  label: string;
  subject: string;
  body: string;
  locale: ShortLocale;
  visibility: (typeof TEMPLATE_VISIBILITIES)[number];
  active: boolean;
}
export interface TemplatePreviewDto {
  locale: ShortLocale;
  subject: string;
  html: string;
}
export interface AdminLogDto {
  id: string;
  severity: LogSeverityName;
  module: string;
  /** The English text; the screens say `messageKey` with `messageParams` in the reader's language when there is one. */
  message: string;
  messageKey: LogMessageKey | null;
  messageParams: LogMessageParams | null;
  objectName: string | null;
  objectId: string | null;
  firstAt: string;
  lastAt: string;
  counter: number;
  ackUser: string | null;
  ackAt: string | null;
  ackComment: string | null;
}
export interface AdminAnnouncementDto {
  id: number;
  message: Partial<Record<ShortLocale, string>>;
  type: (typeof ANNOUNCEMENT_TYPES)[number];
  timeout: number;
  priority: number;
  startsAt: string;
  endsAt: string | null;
  roles: string[];
  state: (typeof ANNOUNCEMENT_STATES)[number];
}
/** A stored logo: where the gateway reads it, and since when. */
export interface LogoDto {
  depositorId: number;
  key: string;
  updatedAt: string;
}

/**
 * The back office's log messages (issue 36 item 2): a row holds the key and its parameters, the
 * screens say them in the reader's language; `message` keeps the English text (search, older
 * clients, rows written before keys, which are shown as they are).
 */
export const LOG_MESSAGES = {
  accountBlocked: 'Account temporarily blocked after repeated failed sign-ins (%{login})',
  passwordResetByAdmin: 'Password reset by an administrator (%{login})',
  carrierTimeout: 'Carrier web service call failed (%{carrier}): timeout after %{seconds} s',
  probeSilent: 'Probe silent for more than %{hours} h',
  feedUnknownDepositor: 'Warehouse feed rejected: unknown depositor code',
  mailDeliveredAfterRetries: 'Mail delivered after %{attempts} attempts',
} as const;
export type LogMessageKey = keyof typeof LOG_MESSAGES;
export type LogMessageParams = Record<string, string | number>;

/** A log message's English text, its parameters in place. */
export function logMessageText(key: LogMessageKey, params: LogMessageParams = {}): string {
  return LOG_MESSAGES[key].replace(/%\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}
