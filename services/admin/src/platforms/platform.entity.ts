import { Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

/** A warehouse site of the provider (spec §3 Platform; about 20 of them, §9). */
@Entity('platforms')
@Unique('platforms_code_unique', ['code'])
export class Platform {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'platforms_pk' })
  id!: number;

  @Column({ type: 'varchar', length: 20 })
  code!: string;

  @Column({ type: 'varchar', length: 255 })
  label!: string;

  @Column({ type: 'varchar', length: 255 })
  town!: string;
}
