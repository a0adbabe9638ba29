import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { ShortLocale } from '@portal/contracts';

export const TEMPLATE_VISIBILITIES = ['public', 'admin'] as const;
export type TemplateVisibility = (typeof TEMPLATE_VISIBILITIES)[number];

/** A ready-made mail users pick in Settings before sending it (spec §2 email-template sending). */
@Entity('email_templates')
@Check('email_templates_locale_check', `"locale" IN ('fr', 'en', 'es', 'it', 'de')`)
@Check('email_templates_visibility_check', `"visibility" IN ('public', 'admin')`)
@Index('email_templates_code_locale', ['code', 'locale'], { unique: true })
export class EmailTemplate {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'email_templates_pk' })
  id!: number;

  @Column({ type: 'varchar', length: 50 })
  code!: string;

  @Column({ type: 'varchar', length: 255 })
  label!: string;

  @Column({ type: 'varchar', length: 255 })
  subject!: string;

  @Column({ type: 'text' })
  body!: string;

  /** Short locale of the text: fr, en, es, it, de. */
  @Column({ type: 'varchar', length: 2 })
  locale!: ShortLocale;

  /** `public`: every user; `admin`: template administrators only (spec §6 email templates admin/public). */
  @Column({ type: 'varchar', length: 10 })
  visibility!: TemplateVisibility;

  @Column({ type: 'boolean', default: true })
  active!: boolean;
}
