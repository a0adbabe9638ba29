import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Platform } from '../platforms/platform.entity';
import { Depositor } from './depositor.entity';

/** A group of storage locations of a depositor on a platform ("magasin"). Row-level security on `depositor_id`. */
@Entity('stores')
@Index('stores_depositor_code', ['depositorId', 'code'], { unique: true })
@Index('stores_platform', ['platformId'])
export class Store {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'stores_pk' })
  id!: number;

  @Column({ name: 'depositor_id', type: 'integer' })
  depositorId!: number;

  @ManyToOne(() => Depositor, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'depositor_id', foreignKeyConstraintName: 'stores_depositor_fk' })
  depositor?: Depositor;

  @Column({ name: 'platform_id', type: 'integer', nullable: true })
  platformId!: number | null;

  @ManyToOne(() => Platform, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'platform_id', foreignKeyConstraintName: 'stores_platform_fk' })
  platform?: Platform;

  @Column({ type: 'varchar', length: 50 })
  code!: string;

  @Column({ type: 'varchar', length: 255 })
  label!: string;
}
