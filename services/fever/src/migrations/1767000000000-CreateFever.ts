import { createOutboxAndInbox } from '@portal/bus';
import { enableDepositorRls, enableNarrowingRls } from '@portal/db';
import { createMailOutbox } from '@portal/mail';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fever (issue 16). Zones of a platform for one depositor with their thresholds; plans (an image of
 * a zone or a building) with probes placed on them; the readings, partitioned by month (native
 * partitioning: `readings_YYYYMM`, created on demand by `fever_ensure_month`), rolled up per hour in
 * `readings_hourly` (sums and counts, so a late or out-of-order reading adds to its hour); the
 * excursions outside the zone's thresholds. Each probe keeps its live state (last reading, silence).
 * Every table carries the depositor and is scoped by row-level security; readings are reached
 * through their probe (the partitions carry depositor_id too, for the policy).
 */
export class CreateFever1767000000000 implements MigrationInterface {
  name = 'CreateFever1767000000000';

  async up(qr: QueryRunner): Promise<void> {
    await createOutboxAndInbox(qr);
    await createMailOutbox(qr);

    await qr.query(`CREATE TABLE "zones" (
      "id" serial PRIMARY KEY,
      "platform_id" integer NOT NULL,
      "depositor_id" integer NOT NULL,
      "code" character varying(30) NOT NULL,
      "label" character varying(100) NOT NULL,
      "min_temperature" numeric(5,2),
      "max_temperature" numeric(5,2),
      "max_humidity" numeric(5,2),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "zones_code" UNIQUE ("depositor_id", "platform_id", "code"),
      CONSTRAINT "zones_thresholds" CHECK ("min_temperature" IS NULL OR "max_temperature" IS NULL OR "min_temperature" < "max_temperature")
    )`);
    await enableDepositorRls(qr, 'zones');
    await enableNarrowingRls(qr, 'zones', { platform: 'platform_id' });

    await qr.query(`CREATE TABLE "plans" (
      "id" serial PRIMARY KEY,
      "platform_id" integer NOT NULL,
      "depositor_id" integer NOT NULL,
      "name" character varying(100) NOT NULL,
      "image_key" character varying(255),
      "width" integer,
      "height" integer,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()
    )`);
    await enableDepositorRls(qr, 'plans');
    await enableNarrowingRls(qr, 'plans', { platform: 'platform_id' });

    await qr.query(`CREATE TABLE "probes" (
      "id" serial PRIMARY KEY,
      "mac" macaddr NOT NULL,
      "label" character varying(100) NOT NULL,
      "zone_id" integer NOT NULL REFERENCES "zones" ("id"),
      "depositor_id" integer NOT NULL,
      "platform_id" integer NOT NULL,
      "plan_id" integer REFERENCES "plans" ("id") ON DELETE SET NULL,
      "x" double precision,
      "y" double precision,
      "voltage" numeric(5,3),
      "last_reading_at" TIMESTAMP WITH TIME ZONE,
      "last_temperature" numeric(5,2),
      "last_humidity" numeric(5,2),
      "silent_since" TIMESTAMP WITH TIME ZONE,
      "silence_notified_at" TIMESTAMP WITH TIME ZONE,
      "active" boolean NOT NULL DEFAULT true,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "probes_mac" UNIQUE ("mac"),
      CONSTRAINT "probes_position" CHECK (("x" IS NULL) = ("y" IS NULL) AND ("x" IS NULL OR ("x" BETWEEN 0 AND 1 AND "y" BETWEEN 0 AND 1)))
    )`);
    await qr.query(`CREATE INDEX "probes_zone" ON "probes" ("zone_id")`);
    await qr.query(`CREATE INDEX "probes_plan" ON "probes" ("plan_id")`);
    await enableDepositorRls(qr, 'probes');
    await enableNarrowingRls(qr, 'probes', { platform: 'platform_id' });

    // Readings: one row per probe and instant (idempotent), partitioned by month of "at".
    await qr.query(`CREATE TABLE "readings" (
      "probe_id" integer NOT NULL,
      "depositor_id" integer NOT NULL,
      "at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "temperature" numeric(5,2) NOT NULL,
      "humidity" numeric(5,2),
      "voltage" numeric(5,3),
      "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "readings_pk" PRIMARY KEY ("probe_id", "at")
    ) PARTITION BY RANGE ("at")`);
    await enableDepositorRls(qr, 'readings');
    // The month partition of an instant, created when missing (ingestion calls it once per month seen).
    // SECURITY DEFINER: the application role that ingestion runs as may not create tables itself.
    await qr.query(`CREATE FUNCTION fever_ensure_month(instant timestamptz) RETURNS text LANGUAGE plpgsql
      SECURITY DEFINER SET search_path = public AS $$
      DECLARE
        month_start timestamptz := date_trunc('month', instant AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
        name text := 'readings_' || to_char(month_start AT TIME ZONE 'UTC', 'YYYYMM');
      BEGIN
        IF to_regclass(name) IS NULL THEN
          PERFORM pg_advisory_xact_lock(hashtext(name));
          IF to_regclass(name) IS NULL THEN
            EXECUTE format('CREATE TABLE %I PARTITION OF "readings" FOR VALUES FROM (%L) TO (%L)',
              name, month_start, month_start + interval '1 month');
            EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', name);
            EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', name);
          END IF;
        END IF;
        RETURN name;
      END $$`);

    // Hourly roll-up (UTC hours): sums and counts so that min/max/avg stay exact whatever the arrival order.
    await qr.query(`CREATE TABLE "readings_hourly" (
      "probe_id" integer NOT NULL,
      "depositor_id" integer NOT NULL,
      "hour" TIMESTAMP WITH TIME ZONE NOT NULL,
      "count" integer NOT NULL,
      "min_temperature" numeric(5,2) NOT NULL,
      "max_temperature" numeric(5,2) NOT NULL,
      "sum_temperature" numeric(14,2) NOT NULL,
      "humidity_count" integer NOT NULL DEFAULT 0,
      "sum_humidity" numeric(14,2) NOT NULL DEFAULT 0,
      CONSTRAINT "readings_hourly_pk" PRIMARY KEY ("probe_id", "hour")
    )`);
    await enableDepositorRls(qr, 'readings_hourly');

    await qr.query(`CREATE TABLE "excursions" (
      "id" serial PRIMARY KEY,
      "probe_id" integer NOT NULL REFERENCES "probes" ("id") ON DELETE CASCADE,
      "zone_id" integer NOT NULL,
      "depositor_id" integer NOT NULL,
      "platform_id" integer NOT NULL,
      "kind" character varying(10) NOT NULL,
      "threshold" numeric(5,2) NOT NULL,
      "started_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "ended_at" TIMESTAMP WITH TIME ZONE,
      "peak" numeric(5,2) NOT NULL,
      CONSTRAINT "excursions_kind" CHECK ("kind" IN ('high', 'low', 'humidity')),
      CONSTRAINT "excursions_period" CHECK ("ended_at" IS NULL OR "ended_at" >= "started_at")
    )`);
    await qr.query(`CREATE INDEX "excursions_probe_started" ON "excursions" ("probe_id", "started_at" DESC)`);
    await qr.query(`CREATE UNIQUE INDEX "excursions_open" ON "excursions" ("probe_id", "kind") WHERE "ended_at" IS NULL`);
    await enableDepositorRls(qr, 'excursions');
    await enableNarrowingRls(qr, 'excursions', { platform: 'platform_id' });
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const table of ['excursions', 'readings_hourly', 'readings', 'probes', 'plans', 'zones', 'mail_outbox', 'inbox', 'outbox'])
      await qr.query(`DROP TABLE "${table}" CASCADE`);
    await qr.query(`DROP FUNCTION fever_ensure_month(timestamptz)`);
  }
}
