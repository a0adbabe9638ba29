import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { ShortLocale } from '@portal/contracts';

export const ANNOUNCEMENT_TYPES = ['info', 'other'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];
export type LocalizedText = Partial<Record<ShortLocale, string>>;

/** A banner shown to the signed-in users it is for during its lifetime range (spec §3 Announcement). */
@Entity('announcements')
@Check('announcements_type_check', `"type" IN ('info', 'other')`)
@Check('announcements_timeout_check', `"timeout" >= 0`)
@Check('announcements_range_check', `"ends_at" IS NULL OR "ends_at" > "starts_at"`)
export class Announcement {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'announcements_pk' })
  id!: number;

  /** One text per language: `{ fr, en, es, it, de }`; French is the fallback. */
  @Column({ type: 'jsonb' })
  message!: LocalizedText;

  @Column({ type: 'varchar', length: 10 })
  type!: AnnouncementType;

  /** Milliseconds before the banner hides itself; 0 = until closed. */
  @Column({ type: 'integer', default: 0 })
  timeout!: number;

  @Column({ type: 'integer', default: 0 })
  priority!: number;

  @Column({ name: 'starts_at', type: 'timestamptz' })
  startsAt!: Date;

  @Column({ name: 'ends_at', type: 'timestamptz', nullable: true })
  endsAt!: Date | null;

  /** Shown only to users holding one of these rights; empty: to every signed-in user. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  roles!: string[];
}

/** A user closed this announcement for good. */
@Entity('announcement_hidden')
export class AnnouncementHidden {
  @PrimaryColumn({ name: 'announcement_id', type: 'integer', primaryKeyConstraintName: 'announcement_hidden_pk' })
  announcementId!: number;

  @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'announcement_hidden_pk' })
  userId!: number;

  @ManyToOne(() => Announcement, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'announcement_id', foreignKeyConstraintName: 'announcement_hidden_announcement_fk' })
  announcement?: Announcement;

  @Column({ name: 'hidden_at', type: 'timestamptz', default: () => 'now()' })
  hiddenAt!: Date;
}
