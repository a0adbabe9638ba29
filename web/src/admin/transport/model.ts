import {
  CARRIER_BASE_URLS,
  CONNECTOR_FIELDS,
  hasAnyRole,
  Role,
  TOUR_CODE_KEYS,
  TOUR_FLAGS,
  type CarrierAccountDto,
  type CarrierConnector,
  type CarrierEnvironment,
  type ConnectionTestDto,
  type ConnectorField,
  type UserDto,
} from '@portal/contracts';
import { changesSharedRows } from '../reach';
import { orNull, type FormValues } from '../reference/model';

/** A carrier's settings as the form shows them: one `key = value` per line. */
export function settingsText(settings: Record<string, unknown> | null | undefined): string {
  return Object.entries(settings ?? {})
    .map(([k, v]) => `${k} = ${String(v)}`)
    .join('\n');
}

/** The lines typed back into settings; a line without `=` is kept as a key naming nothing (the server marks it). */
export function settingsOf(text: string): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const i = line.indexOf('=');
    const key = (i < 0 ? line : line.slice(0, i)).trim();
    settings[key] = i < 0 ? '' : line.slice(i + 1).trim();
  }
  return settings;
}

/** The carrier form's values as POST/PUT /admin/transport/carriers takes them. */
export function carrierBody(v: FormValues): Record<string, unknown> {
  return {
    ref: v.ref,
    name: v.name,
    kind: orNull(v.kind),
    shipping_window_days: orNull(v.shipping_window_days),
    insurance_threshold: orNull(v.insurance_threshold),
    pickup_email: orNull(v.pickup_email),
    settings: settingsOf(String(v.settingsText ?? '')),
    active: v.active === true,
  };
}

/** The tour form's values (flags.x switches, codes.x texts) as POST/PUT /admin/transport/tours takes them. */
export function tourBody(v: FormValues): Record<string, unknown> {
  const codes: Record<string, string | null> = {};
  for (const key of [...TOUR_CODE_KEYS, 'min_insurance_amount']) {
    const value = orNull(v[`codes.${key}`]);
    if (value !== null) codes[key] = value;
  }
  return {
    depositorId: orNull(v.depositorId),
    code: v.code,
    carrierId: orNull(v.carrierId),
    account_number: orNull(v.account_number),
    transport_code: orNull(v.transport_code),
    tour_type: orNull(v.tour_type),
    transport_mode: orNull(v.transport_mode),
    flags: Object.fromEntries(TOUR_FLAGS.map((f) => [f, v[`flags.${f}`] === true])),
    weight_min_kg: orNull(v.weight_min_kg),
    weight_max_kg: orNull(v.weight_max_kg),
    volume_min_m3: orNull(v.volume_min_m3),
    volume_max_m3: orNull(v.volume_max_m3),
    max_packages: orNull(v.max_packages),
    delivery_delay_days: orNull(v.delivery_delay_days),
    codes,
    active: v.active === true,
  };
}

/**
 * Who sees a tour's carrier account: a carrier administrator who reaches every depositor (the
 * server answers 403 to anyone else, a depositor's own administrator included).
 */
export const readsCarrierAccount = (user: Pick<UserDto, 'roles' | 'fullAdminReach'> | null): boolean =>
  !!user && hasAnyRole(user.roles, [Role.ADMIN_CARRIER]) && changesSharedRows(user);

/**
 * The tour's carrier account as its section holds it: the connector's contract data as typed, the
 * credentials typed this time (never the stored ones: the server does not answer them) and those the
 * user asked to remove.
 */
export interface AccountForm {
  connector: CarrierConnector;
  environment: CarrierEnvironment;
  base_url: string;
  settings: Record<string, string>;
  secrets: Record<string, string>;
  cleared: Record<string, boolean>;
}

/** The account read from the server as the section starts: contract data prefilled, no credential typed. */
export function accountForm(dto: CarrierAccountDto): AccountForm {
  return {
    connector: dto.connector,
    environment: dto.environment,
    base_url: dto.base_url ?? '',
    settings: { ...dto.settings },
    secrets: {},
    cleared: {},
  };
}

/** The fields the chosen connector asks, contract data and credentials in the carrier's order. */
export const accountFields = (connector: CarrierConnector): readonly ConnectorField[] => CONNECTOR_FIELDS[connector];

/** A credential the server keeps for this connector (another connector's are dropped on save) and not asked to be removed. */
export const secretIsSet = (form: AccountForm, dto: CarrierAccountDto, name: string): boolean =>
  stored(form, dto, name) && !form.cleared[name];

const stored = (form: AccountForm, dto: CarrierAccountDto, name: string): boolean =>
  form.connector === dto.connector && dto.secrets[name] === true;

/**
 * The section as PUT /admin/transport/tours/:id/account takes it: only the connector's contract
 * data, only the credentials typed (an empty one keeps the stored one) and null for those cleared.
 * The demo carrier is built in: no environment of its own.
 */
export function accountBody(form: AccountForm, dto: CarrierAccountDto): Record<string, unknown> {
  const fields = accountFields(form.connector);
  const settings: Record<string, string> = {};
  const secrets: Record<string, string | null> = {};
  for (const field of fields) {
    if (field.secret) {
      if (form.secrets[field.name]) secrets[field.name] = form.secrets[field.name];
      else if (form.cleared[field.name] && stored(form, dto, field.name)) secrets[field.name] = null;
    } else {
      const typed = (form.settings[field.name] ?? '').trim();
      if (typed) settings[field.name] = typed;
    }
  }
  const environment = form.connector === 'demo' ? 'test' : form.environment;
  return {
    connector: form.connector,
    environment,
    base_url: environment === 'custom' ? form.base_url.trim() || null : null,
    settings,
    secrets,
  };
}

/** Whether the section differs from what is saved: the connection test reads the saved account. */
export function accountChanged(form: AccountForm, dto: CarrierAccountDto): boolean {
  const body = accountBody(form, dto);
  const saved = accountBody(accountForm(dto), dto);
  return JSON.stringify(body) !== JSON.stringify(saved);
}

/** The published address the environment calls (none for the demo carrier or an address of one's own). */
export function publishedBaseUrl(connector: CarrierConnector, environment: CarrierEnvironment): string | null {
  return connector === 'demo' || environment === 'custom' ? null : CARRIER_BASE_URLS[connector][environment];
}

/** What the carrier answered to a failed test, as the screen adds it to the reason: "HTTP 401 · code 250003 · Invalid …". */
export function carrierAnswer(result: ConnectionTestDto, codeWord: string): string | null {
  const parts = [
    result.status === undefined ? null : `HTTP ${result.status}`,
    result.code ? `${codeWord} ${result.code}` : null,
    result.message || null,
  ].filter((part): part is string => part !== null);
  return parts.length ? parts.join(' · ') : null;
}
