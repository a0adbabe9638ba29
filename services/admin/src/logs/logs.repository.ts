import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { LogSeverity } from './log.entity';

export interface LogOccurrence {
  severity: LogSeverity;
  module: string;
  message: string;
  objectName: string;
  objectId: string;
  at: Date;
}

@Injectable()
export class LogsRepository {
  /** One more occurrence: a new row, or counter + 1 on the open (unacknowledged) row of the same kind and object. */
  async recordOccurrence(em: EntityManager, o: LogOccurrence): Promise<void> {
    await em.query(
      `INSERT INTO "logs" ("severity", "module", "first_at", "last_at", "message", "object_name", "object_id", "counter")
       VALUES ($1, $2, $3, $3, $4, $5, $6, 1)
       ON CONFLICT ("module", "severity", "message", "object_name", "object_id") WHERE "ack_at" IS NULL
       DO UPDATE SET "counter" = "logs"."counter" + 1,
                     "first_at" = LEAST("logs"."first_at", EXCLUDED."first_at"),
                     "last_at" = GREATEST("logs"."last_at", EXCLUDED."last_at")`,
      [o.severity, o.module, o.at, o.message, o.objectName, o.objectId],
    );
  }
}
