import { z } from 'zod';
import { bodyField } from '../body';
import { FIELD_ERRORS } from '../errors';
import { defineList, listField } from '../lists/kit';
import { DATE_RANGES } from '../ranges';

/**
 * Fever management (issue 16): the zones, plans and probes lists on the list kit, their forms, the
 * plan image's limits and the graph and export queries, shared by gateway, service and web.
 */

/** A plan image: PNG or JPEG read from the bytes, at most this big before resizing. */
export const FEVER_PLAN_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Longest side of a stored plan image (pixels); a larger upload is scaled down, never up. */
export const FEVER_PLAN_IMAGE_MAX_SIDE = 2000;
/** Graph points at most: longer ranges group the hourly roll-up into buckets of several hours. */
export const FEVER_GRAPH_MAX_POINTS = 1000;
export const FEVER_LIST_PAGE = 500;

const MAC_HEX = /^[0-9a-f]{12}$/;

/** `aa:bb:cc:dd:ee:ff` from any of aa:bb:cc:dd:ee:ff, AA-BB-…, aabb.ccdd.eeff, aabbccddeeff; null otherwise. */
export function normaliseMac(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim().toLowerCase();
  if (!/^[0-9a-f]{2}([:-]?[0-9a-f]{2}){5}$/.test(trimmed) && !/^[0-9a-f]{4}\.[0-9a-f]{4}\.[0-9a-f]{4}$/.test(trimmed)) return null;
  const hex = trimmed.replace(/[:.-]/g, '');
  return MAC_HEX.test(hex) ? hex.match(/../g)!.join(':') : null;
}

const id = () => z.preprocess((v) => (v === null || v === '' ? undefined : v), bodyField.integer(1, 2_147_483_647));
const required = <T extends z.ZodType>(field: T) => field.nonoptional({ error: FIELD_ERRORS.required });
const threshold = () => bodyField.number(-60, 90);

export const feverZoneInput = z
  .object({
    depositorId: required(id()),
    platformId: required(id()),
    code: required(bodyField.code(30, /^[A-Z0-9][A-Z0-9_.-]*$/)),
    label: required(bodyField.text(100)),
    minTemperature: threshold(),
    maxTemperature: threshold(),
    maxHumidity: bodyField.number(0, 100),
  })
  .refine((z) => z.minTemperature === undefined || z.maxTemperature === undefined || z.minTemperature < z.maxTemperature, {
    // Said on the upper threshold as a tour's limits are: below the minimum typed.
    error: FIELD_ERRORS.belowMinimum,
    path: ['maxTemperature'],
  });
export type FeverZoneInput = z.infer<typeof feverZoneInput>;

export const feverPlanInput = z.object({
  depositorId: required(id()),
  platformId: required(id()),
  name: required(bodyField.text(100)),
});
export type FeverPlanInput = z.infer<typeof feverPlanInput>;

export const feverProbeInput = z.object({
  mac: z.preprocess(
    (v) => (v === null || v === '' || v === undefined ? undefined : (normaliseMac(v) ?? '!')),
    z
      .string()
      .regex(/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/, { error: FIELD_ERRORS.invalidFormat })
      .optional(),
  ),
  label: required(bodyField.text(100)),
  zoneId: required(id()),
});
export type FeverProbeInput = z.infer<typeof feverProbeInput>;

/** Drag and drop: the plan and the position as fractions of its image; `planId: null` takes the probe off its plan. */
export const feverProbePlace = z
  .object({ planId: id(), x: bodyField.number(0, 1), y: bodyField.number(0, 1) })
  .superRefine((place, check) => {
    if (place.planId === undefined) return;
    for (const axis of ['x', 'y'] as const)
      if (place[axis] === undefined) check.addIssue({ code: 'custom', path: [axis], message: FIELD_ERRORS.required });
  });
export type FeverProbePlace = z.infer<typeof feverProbePlace>;

/** A graph or an export: a §9 predefined range, or from/to (days in the caller's time zone, or instants). */
export const feverPeriodQuery = z.object({
  range: listField.oneOf(DATE_RANGES),
  from: listField.dayOrInstant(),
  to: listField.dayOrInstant(),
});
export type FeverPeriodQuery = z.infer<typeof feverPeriodQuery>;

export const FEVER_ZONES_LIST = defineList({
  resource: 'fever/zones',
  filter: z.object({ q: listField.text(100), depositor: listField.id(), platform: listField.id() }),
  sorts: { code: 'text', label: 'text', platformId: 'int' },
  defaultSort: ['code', 'ASC'],
  maxPageSize: FEVER_LIST_PAGE,
  maxOffset: 10_000,
});

export const FEVER_PLANS_LIST = defineList({
  resource: 'fever/plans',
  filter: z.object({ q: listField.text(100), depositor: listField.id(), platform: listField.id() }),
  sorts: { name: 'text', platformId: 'int' },
  defaultSort: ['name', 'ASC'],
  maxPageSize: FEVER_LIST_PAGE,
  maxOffset: 10_000,
});

export const FEVER_PROBE_STATES = ['ok', 'excursion', 'silent'] as const;
export type FeverProbeState = (typeof FEVER_PROBE_STATES)[number];

export const FEVER_PROBES_LIST = defineList({
  resource: 'fever/probes',
  filter: z.object({
    q: listField.text(100),
    depositor: listField.id(),
    platform: listField.id(),
    zone: listField.id(),
    plan: listField.id(),
    state: listField.oneOf(FEVER_PROBE_STATES),
  }),
  sorts: { label: 'text', mac: 'text', zone: 'text', lastReadingAt: 'instant' },
  defaultSort: ['label', 'ASC'],
  maxPageSize: FEVER_LIST_PAGE,
  maxOffset: 10_000,
});

/** A probe's state as the plan colours it: silent first (no reading to judge), then excursion, else ok. */
export function feverProbeState(probe: { silent: boolean; inExcursion: boolean }): FeverProbeState {
  return probe.silent ? 'silent' : probe.inExcursion ? 'excursion' : 'ok';
}

/** One exported reading (the export kit's row). */
export interface FeverExportRow {
  at: string;
  temperature: number;
  humidity: number | null;
  voltage: number | null;
}

/** `fever.readings.export-rows`: one page of a probe's readings (keyset on `at`). */
export interface FeverExportPage {
  probe: { id: number; mac: string; label: string; zone: string };
  rows: FeverExportRow[];
  /** Total rows of the period (counted once, on the first page). */
  total?: number;
  /** The `at` to continue after, null when this page is the last. */
  next: string | null;
}
