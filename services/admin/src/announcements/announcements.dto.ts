import { shortLocale, type AnnouncementDto } from '@portal/contracts';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { MAX_ID } from '../common/validate';
import type { Announcement } from './announcement.entity';

export class HideAnnouncementCommand {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  id!: number;
}

/** The message in the caller's language, French when that one is missing (spec §1: French is the default). */
export function toAnnouncementDto(a: Announcement, locale: string): AnnouncementDto {
  const message = a.message[shortLocale(locale)] || a.message.fr || Object.values(a.message).find(Boolean) || '';
  return {
    id: a.id,
    message,
    type: a.type,
    timeout: a.timeout,
    priority: a.priority,
    startsAt: a.startsAt.toISOString(),
    endsAt: a.endsAt ? a.endsAt.toISOString() : null,
  };
}
