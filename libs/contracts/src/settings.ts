/** Constants of spec §1, §3 and §9 that the user settings accept. */

export interface PortalLocale {
  /** Language id of spec §1. */
  id: number;
  /** Long code used by the §7 calls (`POST /user/language/{code}`). */
  code: 'fr_FR' | 'en_US' | 'es_ES' | 'it_IT' | 'de_DE';
  /** Short locale of the web app and the mail templates. */
  short: 'fr' | 'en' | 'es' | 'it' | 'de';
  label: string;
}

export const LOCALES: readonly PortalLocale[] = [
  { id: 1, code: 'fr_FR', short: 'fr', label: 'Français' },
  { id: 2, code: 'en_US', short: 'en', label: 'English' },
  { id: 3, code: 'es_ES', short: 'es', label: 'Español' },
  { id: 4, code: 'it_IT', short: 'it', label: 'Italiano' },
  { id: 6, code: 'de_DE', short: 'de', label: 'Deutsch' },
];
export type LocaleCode = PortalLocale['code'];
export type ShortLocale = PortalLocale['short'];
export const DEFAULT_LOCALE: LocaleCode = 'fr_FR';
export const FALLBACK_LOCALE: LocaleCode = 'en_US';

/** Accepts a long code (fr_FR), a short one (fr) or a language id ("1"). */
export function findLocale(value: string | undefined | null): PortalLocale | undefined {
  if (!value) return undefined;
  return LOCALES.find((l) => l.code === value || l.short === value || String(l.id) === value);
}
export function shortLocale(value: string | undefined | null): ShortLocale {
  return (findLocale(value) ?? findLocale(FALLBACK_LOCALE)!).short;
}

export const THEMES = ['light', 'dark', 'trees', 'lagoon'] as const;
export type ThemeName = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemeName = 'dark';

/** Export date format: one "datetime" column, or the date and the time in two columns. */
export const EXPORT_FORMATS = ['datetime', 'two_columns'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const DEFAULT_EXPORT_FORMAT: ExportFormat = 'datetime';

export const LABEL_FORMATS = ['PDF', 'ZPL'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];
export const DEFAULT_LABEL_FORMAT: LabelFormat = 'PDF';

/**
 * The time zones a user may choose (spec §9: about 35, GMT-11 to GMT+14), one representative IANA
 * zone per offset plus the European zones the provider's staff and clients work in.
 */
export const TIME_ZONES: readonly string[] = [
  'Pacific/Pago_Pago',
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'America/Halifax',
  'America/St_Johns',
  'America/Sao_Paulo',
  'Atlantic/South_Georgia',
  'Atlantic/Azores',
  'UTC',
  'Europe/London',
  'Europe/Lisbon',
  'Europe/Paris',
  'Europe/Madrid',
  'Europe/Rome',
  'Europe/Berlin',
  'Europe/Athens',
  'Europe/Moscow',
  'Asia/Tehran',
  'Asia/Dubai',
  'Asia/Kabul',
  'Asia/Karachi',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Dhaka',
  'Asia/Yangon',
  'Asia/Bangkok',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Adelaide',
  'Australia/Sydney',
  'Pacific/Noumea',
  'Pacific/Auckland',
  'Pacific/Chatham',
  'Pacific/Tongatapu',
  'Pacific/Kiritimati',
];
export const DEFAULT_TIME_ZONE = 'Europe/Paris';

/** Persisted UI choices of spec §2, with their defaults. */
export const UI_PREFERENCE_DEFAULTS = {
  hubyReadyToGoTab: 'tab-ready',
  loopTab: 'tab-progress',
  selectedProfile: 'transit',
  /** Column choosers of the wide lists (issue 10 item 6): the columns hidden, comma-separated; the rarest hidden at first. */
  stockIdHiddenColumns: 'quantityCrossDock',
  stockLinesHiddenColumns: 'quantityCrossDock,unitPrice',
  movementsHiddenColumns: '',
  /** Huby's shipment list: its order number and depositor on demand, so that the rest fits 1366 px. */
  hubyShipmentsHiddenColumns: 'order_number,depositor_code',
} as const;
export type UiPreferences = { [K in keyof typeof UI_PREFERENCE_DEFAULTS]: string };
/** Longest value of a preference (a column chooser lists column keys). */
export const UI_PREFERENCE_MAX_LENGTH = 300;
export const UI_PREFERENCE_KEYS = Object.keys(UI_PREFERENCE_DEFAULTS) as (keyof UiPreferences)[];

/** Spec §5 password rule of the tracker and settings forms. */
export const PASSWORD_MIN_LENGTH = 8;
export interface PasswordRuleResult {
  minLength: boolean;
  upper: boolean;
  lower: boolean;
  digit: boolean;
}
export function checkPasswordRules(password: string): PasswordRuleResult {
  return {
    minLength: password.length >= PASSWORD_MIN_LENGTH,
    upper: /[A-Z]/.test(password),
    lower: /[a-z]/.test(password),
    digit: /[0-9]/.test(password),
  };
}
export function isPasswordValid(password: string): boolean {
  return Object.values(checkPasswordRules(password)).every(Boolean);
}

/** Spec §5: codes are uppercase letters, digits, hyphen and underscore. */
export const CODE_PATTERN = /^[A-Z0-9_-]+$/;
/** Phone numbers: digits, with an optional leading + (spec §5 "phone digits only"). */
export const PHONE_PATTERN = /^\+?[0-9]{6,15}$/;

/** A phone number as typed (spaces, dots and hyphens between the digits allowed), as it is stored; undefined when it is not one. */
export function normalizePhone(value: string): string | undefined {
  const phone = value.replace(/[\s.-]/g, '');
  return PHONE_PATTERN.test(phone) ? phone : undefined;
}

/** An e-mail address the portal can send to: something@domain.tld, no spaces (the server checks with class-validator too). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

/**
 * A network printer's address as the settings keep it: http(s)://host with an optional port and
 * nothing after; undefined when it is not one (a path, credentials or another scheme).
 */
export function parsePrinterUri(value: string): { url: string; port: number } | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (!['http:', 'https:'].includes(url.protocol) || !url.hostname || url.username || url.password) return undefined;
  if (url.pathname !== '/' || url.search || url.hash) return undefined;
  return { url: `${url.protocol}//${url.hostname}`, port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80 };
}

/** Spec §9 timings. */
export const TOKEN_CHECK_INTERVAL_MS = 2_400_000;
export const NOTIFICATION_DURATION_MS = 7000;

/** Dashboard tile sizes (spec §2: normal, large, extra large; §9 default 1x1). */
export const TILE_SIZES = {
  normal: { width: 1, height: 1 },
  large: { width: 2, height: 1 },
  extraLarge: { width: 2, height: 2 },
} as const;
export const TILE_TYPES = ['link', 'report', 'chart'] as const;
export type TileType = (typeof TILE_TYPES)[number];
export const CHART_KINDS = ['line', 'bar', 'pie'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];
