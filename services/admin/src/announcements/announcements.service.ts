import { Injectable } from '@nestjs/common';
import { AppError, notFound, type AnnouncementDto, type CallerContext } from '@portal/contracts';
import { validateData } from '../common/validate';
import { HideAnnouncementCommand, toAnnouncementDto } from './announcements.dto';
import { AnnouncementsRepository } from './announcements.repository';

@Injectable()
export class AnnouncementsService {
  constructor(private readonly repository: AnnouncementsRepository) {}

  async active(ctx: CallerContext, now = new Date()): Promise<AnnouncementDto[]> {
    const list = await this.repository.active(ctx, now, ctx.user?.id);
    return list.map((a) => toAnnouncementDto(a, ctx.locale));
  }

  async hide(ctx: CallerContext, data: unknown): Promise<{ ok: true }> {
    const { id } = validateData(HideAnnouncementCommand, data);
    // Hiding is remembered per user: a machine or system caller has nobody to remember it for.
    if (!ctx.user) throw new AppError('permissionDenied', 'announcements are hidden per user');
    if (!(await this.repository.hide(ctx, id, ctx.user.id))) throw notFound('announcement');
    return { ok: true };
  }
}
