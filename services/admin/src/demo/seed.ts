import { logMessageText, systemContext } from '@portal/contracts';
import type { Db } from '@portal/db';
import type { EntityManager } from 'typeorm';
import {
  DEMO_ACTIVITIES,
  DEMO_ANNOUNCEMENTS,
  DEMO_DEPOSITORS,
  DEMO_EMAIL_TEMPLATES,
  DEMO_LOGS,
  DEMO_PLATFORMS,
  DEMO_STORES,
} from './demo-data';

/**
 * Loads the demo reference data. Deterministic (fixed ids and dates) and idempotent: a second run
 * adds nothing and leaves rows edited since then as they are. Runs with a full scope so row-level
 * security lets it write every depositor's rows.
 */
export async function seedAdminDemo(db: Db): Promise<void> {
  await db.scoped(systemContext('seed-admin-demo'), async (em) => {
    for (const p of DEMO_PLATFORMS) {
      await em.query(
        `INSERT INTO platforms (id, code, label, town) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [p.id, p.code, p.label, p.town],
      );
    }
    for (const d of DEMO_DEPOSITORS) {
      await em.query(
        `INSERT INTO depositors (id, code, label, action_delay_on_address) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [d.id, d.code, d.label, d.actionDelayOnAddress],
      );
    }
    for (const a of DEMO_ACTIVITIES) {
      await em.query(
        `INSERT INTO activities (id, depositor_id, code, label) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [a.id, a.depositorId, a.code, a.label],
      );
    }
    for (const s of DEMO_STORES) {
      await em.query(
        `INSERT INTO stores (id, depositor_id, platform_id, code, label) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT DO NOTHING`,
        [s.id, s.depositorId, s.platformId, s.code, s.label],
      );
    }
    for (const a of DEMO_ANNOUNCEMENTS) {
      await em.query(
        `INSERT INTO announcements (id, message, type, timeout, priority, starts_at, ends_at, roles) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT DO NOTHING`,
        [a.id, JSON.stringify(a.message), a.type, a.timeout, a.priority, a.startsAt, a.endsAt, a.roles ?? []],
      );
    }
    for (const t of DEMO_EMAIL_TEMPLATES) {
      await em.query(
        `INSERT INTO email_templates (id, code, label, subject, body, locale, visibility, active) VALUES ($1, $2, $3, $4, $5, $6, $7, true)
         ON CONFLICT DO NOTHING`,
        [t.id, t.code, t.label, t.subject, t.body, t.locale, t.visibility],
      );
    }
    for (const l of DEMO_LOGS) {
      await em.query(
        `INSERT INTO logs (id, severity, module, first_at, last_at, message, object_name, object_id, counter, message_key, message_params)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING`,
        [
          l.id,
          l.severity,
          l.module,
          l.firstAt,
          l.lastAt,
          logMessageText(l.key, l.params),
          l.objectName,
          l.objectId,
          l.counter,
          l.key,
          JSON.stringify(l.params),
        ],
      );
    }
    for (const table of ['platforms', 'depositors', 'activities', 'stores', 'announcements', 'email_templates', 'logs']) {
      await resetSequence(em, table);
    }
  });
}

/** After explicit ids, the next generated id must come after them. */
async function resetSequence(em: EntityManager, table: string): Promise<void> {
  await em.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), GREATEST((SELECT max(id) FROM "${table}"), 1))`, [table]);
}
