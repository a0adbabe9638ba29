import { TOUR_CODE_KEYS, TOUR_FLAGS } from '@portal/contracts';
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
