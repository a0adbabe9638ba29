/**
 * Every import with simulation (spec §5 import rules, §8 import keys): Huby's order import and the back
 * office's data import share the column definition the parser reads and sample files are written
 * from, the line statuses of a simulation and what the gateway, the services and the web exchange.
 */
import { Role, type RoleName } from '../roles';

export * from './errors';
export * from './words';

export type ImportColumnKind =
  'type' | 'code' | 'reference' | 'text' | 'email' | 'phone' | 'flag' | 'day' | 'number' | 'integer' | 'choice';
export interface ImportColumn {
  /** The header name, also the field name. */
  name: string;
  kind: ImportColumnKind;
  required?: boolean;
  max?: number;
  choices?: readonly string[];
  /** A value for the sample file. */
  sample: string;
}

/** Upload limit of an import file (spec §9 leaves the value open): 100,000 lines stay well under it. */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;
/** Lines of one file (its header included); beyond, the file is refused with sizeLimitExceeded. */
export const IMPORT_MAX_LINES = 200_000;

/**
 * What a simulated line will do: `create` (an order, a user, a depositor, an address), `update` an
 * existing one (back-office imports, by its natural key), `package` of an order, `refused` with a §8
 * import key, `ignored` (an empty line), `already` imported (same depositor and order reference),
 * `header` (line 1). After the import: `imported` or `failed` (with importWriteFailed).
 */
export const IMPORT_LINE_STATUSES = [
  'header',
  'create',
  'update',
  'package',
  'refused',
  'ignored',
  'already',
  'imported',
  'failed',
] as const;
export type ImportLineStatus = (typeof IMPORT_LINE_STATUSES)[number];

/** §8 import keys, one per refusal (params name the column, the code, the counts). */
export const IMPORT_KEYS = [
  'importNoReference',
  'importWriteFailed',
  'importElementCount',
  'importUnknownLineType',
  'importUnknownAddressCode',
  'importUnknownPackagingCode',
  'importUnknownTourCode',
  'importEmptyLine',
  'importMalformedReference',
  'importEmailFormat',
  'importCodeNotAuthorized',
  'importHeaderMismatch',
] as const;
export type ImportKey = (typeof IMPORT_KEYS)[number];

export interface ImportLineDto {
  line: number;
  status: ImportLineStatus;
  key: ImportKey | null;
  params: Record<string, string | number> | null;
  /** The order the line belongs to, or the natural key of the row a back-office line writes. */
  reference: string | null;
  /** What the line creates, in words (or the values it writes). */
  what: string | null;
}

export type ImportState = 'reading' | 'simulated' | 'importing' | 'imported' | 'failed';

export interface ImportSimulationDto {
  id: string;
  name: string;
  format: 'csv' | 'xlsx';
  state: ImportState;
  /** Bytes read of `size` while reading (the progress bar). */
  read_bytes: number;
  size: number;
  /** Lines per status. */
  counts: Partial<Record<ImportLineStatus, number>>;
  /** Rows the import writes (orders for Huby; users, depositors or addresses created or updated). */
  orders: number;
  /** A file-level refusal (unreadable, too many lines, wrong header row). */
  error: { key: string; params?: Record<string, unknown> } | null;
  created_at: string;
}

/** The header row and one sample line per example, from a column definition (`over`: values by column name). */
export function importSampleFileRows(columns: readonly ImportColumn[], examples: Record<string, string>[] = [{}]): string[][] {
  return [columns.map((c) => c.name), ...examples.map((over) => columns.map((c) => over[c.name] ?? c.sample))];
}

/**
 * The back office's data import (spec §2 admin pages): each kind is written by the service that owns
 * its rows, line by line, creating or updating by the row's natural key.
 */
export const ADMIN_IMPORT_KINDS = ['users', 'depositors', 'addresses'] as const;
export type AdminImportKind = (typeof ADMIN_IMPORT_KINDS)[number];

/** Separates the codes of a list cell (role groups, depositors, activities, stores). */
export const IMPORT_LIST_SEPARATOR = '|';

/**
 * Users (spec §3 User), by login. No password column: a new user receives a generated password by
 * the account-created mail (as a user created in the form), and an existing one keeps theirs.
 */
export const USER_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { name: 'login', kind: 'text', required: true, max: 64, sample: 'jeanne.martin' },
  { name: 'email', kind: 'email', required: true, max: 254, sample: 'jeanne.martin@example.com' },
  { name: 'firstname', kind: 'text', max: 100, sample: 'Jeanne' },
  { name: 'lastname', kind: 'text', max: 100, sample: 'Martin' },
  { name: 'language', kind: 'text', max: 5, sample: 'fr' },
  { name: 'timezone', kind: 'text', max: 64, sample: 'Europe/Paris' },
  { name: 'active', kind: 'flag', required: true, sample: '1' },
  { name: 'role_groups', kind: 'text', max: 1000, sample: '' },
  { name: 'depositor_codes', kind: 'text', max: 1000, sample: '' },
  { name: 'activity_codes', kind: 'text', max: 1000, sample: '' },
  { name: 'store_codes', kind: 'text', max: 1000, sample: '' },
];

/** Depositors (spec §3 Depositor), by code. */
export const DEPOSITOR_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { name: 'code', kind: 'code', required: true, max: 50, sample: 'NEW-DEPOSITOR' },
  { name: 'label', kind: 'text', required: true, max: 255, sample: 'Nouveau déposant' },
  { name: 'action_delay_on_address', kind: 'integer', max: 3650, sample: '30' },
];

/** Shipper and recipient addresses (spec §3 Address), by code within the depositor's book. */
export const ADDRESS_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { name: 'depositor_code', kind: 'code', required: true, max: 50, sample: '' },
  { name: 'book', kind: 'choice', required: true, choices: ['SHIPPER', 'RECIPIENT'], sample: 'RECIPIENT' },
  { name: 'code', kind: 'code', required: true, max: 50, sample: 'CLIENT-0001' },
  { name: 'company_name', kind: 'text', max: 100, sample: 'Boulangerie Martin' },
  { name: 'contact_name', kind: 'text', max: 100, sample: 'Paul Martin' },
  { name: 'address1', kind: 'text', required: true, max: 100, sample: '12 rue de la Paix' },
  { name: 'address2', kind: 'text', max: 100, sample: '' },
  { name: 'zip', kind: 'text', required: true, max: 16, sample: '69002' },
  { name: 'town', kind: 'text', required: true, max: 64, sample: 'Lyon' },
  { name: 'country', kind: 'code', required: true, max: 2, sample: 'FR' },
  { name: 'phone', kind: 'phone', max: 32, sample: '+33 4 78 00 00 00' },
  { name: 'mobile', kind: 'phone', max: 32, sample: '' },
  { name: 'email', kind: 'email', max: 254, sample: 'paul.martin@example.com' },
  { name: 'address_type', kind: 'choice', choices: ['B2B', 'B2C'], sample: 'B2B' },
];

export const ADMIN_IMPORT_COLUMNS: Record<AdminImportKind, readonly ImportColumn[]> = {
  users: USER_IMPORT_COLUMNS,
  depositors: DEPOSITOR_IMPORT_COLUMNS,
  addresses: ADDRESS_IMPORT_COLUMNS,
};

/**
 * Who imports what (spec §6; ADMIN grants all): users are ADMIN_USERS' (a depositor's own
 * administrator only for users of their depositors, as in the users' form); depositors are the provider's reference data
 * (ADMIN_DEPOSITOR, as their back-office form); address books are Dashtower data, imported by
 * the Dashtower administrator or a user holding "import all" (the Huby-only right stays for orders).
 */
export const ADMIN_IMPORT_ROLES: Record<AdminImportKind, readonly RoleName[]> = {
  users: [Role.ADMIN_USERS],
  depositors: [Role.ADMIN_DEPOSITOR],
  addresses: [Role.ADMIN_DASHTOWER_USER, Role.USER_IMPORT_ALL],
};

/** The bus subjects of one kind's import (Huby's orders, each back-office kind), on the service that owns its rows. */
export interface ImportBusSubjects {
  simulate: string;
  get: string;
  lines: string;
  apply: string;
}

export const adminImportSubjects = (service: 'auth' | 'admin' | 'huby', kind: AdminImportKind): ImportBusSubjects => ({
  simulate: `${service}.import.${kind}.simulate`,
  get: `${service}.import.${kind}.get`,
  lines: `${service}.import.${kind}.lines`,
  apply: `${service}.import.${kind}.apply`,
});
export const AdminImportSubjects: Record<AdminImportKind, ImportBusSubjects> = {
  users: adminImportSubjects('auth', 'users'),
  depositors: adminImportSubjects('admin', 'depositors'),
  addresses: adminImportSubjects('huby', 'addresses'),
};
