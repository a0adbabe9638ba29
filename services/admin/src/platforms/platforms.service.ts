import { Injectable } from '@nestjs/common';
import type { CallerContext, PlatformDto } from '@portal/contracts';
import { PlatformsRepository } from './platforms.repository';

@Injectable()
export class PlatformsService {
  constructor(private readonly repository: PlatformsRepository) {}

  async platforms(ctx: CallerContext): Promise<PlatformDto[]> {
    return (await this.repository.all(ctx)).map(({ id, code, label, town }) => ({ id, code, label, town }));
  }
}
