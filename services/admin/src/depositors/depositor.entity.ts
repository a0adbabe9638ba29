import { Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

/** A client of the provider whose goods are stored (spec §3 Depositor). Row-level security on `id`. */
@Entity('depositors')
@Unique('depositors_code_unique', ['code'])
export class Depositor {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'depositors_pk' })
  id!: number;

  /** Unique (spec §5), uppercase letters, digits, hyphen and underscore. */
  @Column({ type: 'varchar', length: 50 })
  code!: string;

  @Column({ type: 'varchar', length: 255 })
  label!: string;

  /** Days before an unused address is acted upon (spec §9 retention delay), null when not set. */
  @Column({ name: 'action_delay_on_address', type: 'integer', nullable: true })
  actionDelayOnAddress!: number | null;

  /** The logo in the file storage (a PNG fitting 300x150), null without one. */
  @Column({ name: 'logo_key', type: 'varchar', length: 200, nullable: true })
  logoKey!: string | null;

  @Column({ name: 'logo_updated_at', type: 'timestamptz', nullable: true })
  logoUpdatedAt!: Date | null;
}
