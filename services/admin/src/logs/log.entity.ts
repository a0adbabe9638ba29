import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export const LOG_SEVERITIES = ['info', 'warning', 'error', 'critical'] as const;
export type LogSeverity = (typeof LOG_SEVERITIES)[number];

/**
 * A back-office log entry (spec §3 Log): repeated occurrences of the same thing on the same object
 * increment one open row (counter, last_at) until an administrator acknowledges it.
 */
@Entity('logs')
@Check('logs_severity_check', `"severity" IN ('info', 'warning', 'error', 'critical')`)
@Index('logs_open_occurrence', ['module', 'severity', 'message', 'objectName', 'objectId'], { unique: true, where: '"ack_at" IS NULL' })
@Index('logs_last_at', ['lastAt'])
export class LogEntry {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'logs_pk' })
  id!: string;

  @Column({ type: 'varchar', length: 10 })
  severity!: LogSeverity;

  @Column({ type: 'varchar', length: 50 })
  module!: string;

  @Column({ name: 'first_at', type: 'timestamptz' })
  firstAt!: Date;

  @Column({ name: 'last_at', type: 'timestamptz' })
  lastAt!: Date;

  /** The English text (search, rows written before keys); the screens say the key with its parameters. */
  @Column({ type: 'text' })
  message!: string;

  @Column({ name: 'message_key', type: 'varchar', length: 60, nullable: true })
  messageKey!: string | null;

  @Column({ name: 'message_params', type: 'jsonb', nullable: true })
  messageParams!: Record<string, string | number> | null;

  @Column({ name: 'object_name', type: 'varchar', length: 50, nullable: true })
  objectName!: string | null;

  @Column({ name: 'object_id', type: 'varchar', length: 100, nullable: true })
  objectId!: string | null;

  @Column({ type: 'integer', default: 1 })
  counter!: number;

  @Column({ name: 'ack_user', type: 'varchar', length: 255, nullable: true })
  ackUser!: string | null;

  @Column({ name: 'ack_at', type: 'timestamptz', nullable: true })
  ackAt!: Date | null;

  @Column({ name: 'ack_comment', type: 'text', nullable: true })
  ackComment!: string | null;
}
