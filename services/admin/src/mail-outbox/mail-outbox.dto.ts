import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export class MailOutboxQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  offset?: number;
}

export interface MailOutboxEntryDto {
  id: number;
  to: string;
  cc: string[];
  subject: string;
  html: string;
  text: string;
  template: string | null;
  createdAt: string;
  sentAt: string | null;
  error: string | null;
}

export interface MailOutboxPage {
  items: MailOutboxEntryDto[];
  total: number;
}
