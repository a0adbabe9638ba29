import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A tile pinned on a user's dashboard (spec §3 Dashboard tile). */
@Entity('dashboard_tiles')
export class DashboardTile {
  @PrimaryColumn({ type: 'uuid' }) uuid!: string;
  @Column({ name: 'user_id', type: 'int' }) userId!: number;
  /** The dashboard profile holding it (spec §3). */
  @Column({ name: 'profile_id', type: 'int' }) profileId!: number;
  @Column({ name: 'id_object', type: 'text' }) idObject!: string;
  @Column({ type: 'text', default: 'link' }) type!: string;
  @Column({ type: 'int', default: 1 }) width!: number;
  @Column({ type: 'int', default: 1 }) height!: number;
  @Column({ type: 'int', default: 0 }) x!: number;
  @Column({ type: 'jsonb', default: {} }) config!: Record<string, string | number | boolean | null>;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
