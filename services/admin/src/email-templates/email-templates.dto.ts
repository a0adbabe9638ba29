import {
  IsEmail,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Validate,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { findLocale } from '@portal/contracts';
import type { EmailTemplate, TemplateVisibility } from './email-template.entity';
import { Trim } from '../common/validate';

@ValidatorConstraint({ name: 'isPortalLocale' })
class IsPortalLocale implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && findLocale(value) !== undefined;
  }
}

export class EmailTemplatesQuery {
  /** Another language than the caller's (fr_FR, en, 2…); default: the caller's. */
  @IsOptional()
  @Validate(IsPortalLocale)
  locale?: string;
}

/** A template of the alerts service: `alert-…` code and a portal locale. */
export class AlertTemplateQuery {
  @IsString()
  @Matches(/^alert-[a-z-]{1,40}$/)
  code!: string;

  @Validate(IsPortalLocale)
  locale!: string;
}

/** Spec §5: recipient, subject and body are mandatory. */
export class SendEmailCommand {
  @Trim()
  @IsNotEmpty()
  @IsEmail()
  @MaxLength(320)
  recipient!: string;

  @Trim()
  @IsNotEmpty()
  @IsString()
  @MaxLength(255)
  subject!: string;

  @Trim()
  @IsNotEmpty()
  @IsString()
  @MaxLength(20000)
  body!: string;
}

export interface EmailTemplateDto {
  id: number;
  code: string;
  label: string;
  subject: string;
  body: string;
  locale: string;
  visibility: TemplateVisibility;
}

export const toEmailTemplateDto = ({ id, code, label, subject, body, locale, visibility }: EmailTemplate): EmailTemplateDto => ({
  id,
  code,
  label,
  subject,
  body,
  locale,
  visibility,
});
