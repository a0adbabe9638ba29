import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { logMessageText, type LogMessageKey, type LogMessageParams } from '@portal/contracts';
import type { LogSeverity } from './log.entity';

export interface LogOccurrence {
  severity: LogSeverity;
  module: string;
  /** What happened, said on the screens in the reader's language (its English text is stored beside it). */
  key: LogMessageKey;
  params: LogMessageParams;
  objectName: string;
  objectId: string;
  at: Date;
}

@Injectable()
export class LogsRepository {
  /** One more occurrence: a new row, or counter + 1 on the open (unacknowledged) row of the same kind and object (the same message: key and parameters). */
  async recordOccurrence(em: EntityManager, o: LogOccurrence): Promise<void> {
    await em.query(
      `INSERT INTO "logs" ("severity", "module", "first_at", "last_at", "message", "object_name", "object_id", "counter", "message_key", "message_params")
       VALUES ($1, $2, $3, $3, $4, $5, $6, 1, $7, $8)
       ON CONFLICT ("module", "severity", "message", "object_name", "object_id") WHERE "ack_at" IS NULL
       DO UPDATE SET "counter" = "logs"."counter" + 1,
                     "first_at" = LEAST("logs"."first_at", EXCLUDED."first_at"),
                     "last_at" = GREATEST("logs"."last_at", EXCLUDED."last_at")`,
      [o.severity, o.module, o.at, logMessageText(o.key, o.params), o.objectName, o.objectId, o.key, JSON.stringify(o.params)],
    );
  }
}
