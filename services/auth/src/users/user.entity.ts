import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A portal user (spec §3 User): credentials, settings, roles and the scope an administrator gave. */
@Entity('users')
export class User {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'uuid', unique: true }) uuid!: string;
  @Column({ type: 'text' }) login!: string;
  @Column({ type: 'text' }) email!: string;
  @Column({ name: 'password_hash', type: 'text' }) passwordHash!: string;
  @Column({ type: 'text', default: '' }) firstname!: string;
  @Column({ type: 'text', default: '' }) lastname!: string;
  @Column({ name: 'avatar_url', type: 'text', nullable: true }) avatarUrl!: string | null;
  @Column({ type: 'text', default: 'Europe/Paris' }) timezone!: string;
  @Column({ type: 'text', nullable: true }) phone!: string | null;
  @Column({ type: 'text', default: 'fr_FR' }) language!: string;
  @Column({ type: 'text', default: 'dark' }) theme!: string;
  @Column({ name: 'etiquette_format', type: 'text', default: 'PDF' }) etiquetteFormat!: string;
  @Column({ name: 'uid_zpl_printer', type: 'text', nullable: true }) uidZplPrinter!: string | null;
  @Column({ name: 'printer_url', type: 'text', nullable: true }) printerUrl!: string | null;
  @Column({ name: 'printer_port', type: 'int', nullable: true }) printerPort!: number | null;
  @Column({ name: 'auto_print', type: 'boolean', default: true }) autoPrint!: boolean;
  @Column({ name: 'export_format', type: 'text', default: 'datetime' }) exportFormat!: string;
  @Column({ type: 'text', nullable: true }) logo!: string | null;
  @Column({ name: 'contact_mail', type: 'text', nullable: true }) contactMail!: string | null;
  @Column({ type: 'text', array: true, default: '{}' }) roles!: string[];
  /** Scope given by an administrator. */
  @Column({ name: 'depositor_ids', type: 'int', array: true, default: '{}' }) depositorIds!: number[];
  @Column({ name: 'activity_ids', type: 'int', array: true, default: '{}' }) activityIds!: number[];
  @Column({ name: 'store_ids', type: 'int', array: true, default: '{}' }) storeIds!: number[];
  /** The user's own filter (Settings > filter), a subset of the scope; empty = everything allowed. */
  @Column({ name: 'filter_depositor_ids', type: 'int', array: true, default: '{}' }) filterDepositorIds!: number[];
  @Column({ name: 'filter_activity_ids', type: 'int', array: true, default: '{}' }) filterActivityIds!: number[];
  @Column({ name: 'filter_store_ids', type: 'int', array: true, default: '{}' }) filterStoreIds!: number[];
  @Column({ name: 'filter_platform_ids', type: 'int', array: true, default: '{}' }) filterPlatformIds!: number[];
  @Column({ type: 'jsonb', default: {} }) preferences!: Record<string, string>;
  @Column({ type: 'boolean', default: false }) disabled!: boolean;
  @Column({ name: 'failed_logins', type: 'int', default: 0 }) failedLogins!: number;
  @Column({ name: 'failure_window_start', type: 'timestamptz', nullable: true }) failureWindowStart!: Date | null;
  @Column({ name: 'blocked_until', type: 'timestamptz', nullable: true }) blockedUntil!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

/** Named sets of roles an administrator gives at once (spec §3 role groups). */
@Entity('role_groups')
export class RoleGroup {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'text', unique: true }) code!: string;
  @Column({ type: 'text' }) label!: string;
  @Column({ type: 'text', array: true, default: '{}' }) roles!: string[];
}
