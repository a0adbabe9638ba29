import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Depositor } from './depositor.entity';

/** A line of business of a depositor (B2B, B2C, e-commerce, cross-dock…). Row-level security on `depositor_id`. */
@Entity('activities')
@Index('activities_depositor_code', ['depositorId', 'code'], { unique: true })
export class Activity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'activities_pk' })
  id!: number;

  @Column({ name: 'depositor_id', type: 'integer' })
  depositorId!: number;

  @ManyToOne(() => Depositor, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'depositor_id', foreignKeyConstraintName: 'activities_depositor_fk' })
  depositor?: Depositor;

  @Column({ type: 'varchar', length: 50 })
  code!: string;

  @Column({ type: 'varchar', length: 255 })
  label!: string;
}
