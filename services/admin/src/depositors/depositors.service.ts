import { Injectable } from '@nestjs/common';
import { notFound, type ActivityDto, type CallerContext, type DepositorDto, type StoreDto } from '@portal/contracts';
import { validateData } from '../common/validate';
import { DepositorsByIdsQuery, OfDepositorQuery, toActivityDto, toDepositorDto, toStoreDto } from './depositors.dto';
import { DepositorsRepository } from './depositors.repository';

/** Depositors, activities and stores as the caller may see them (spec §6: only those allowed). */
@Injectable()
export class DepositorsService {
  constructor(private readonly repository: DepositorsRepository) {}

  async depositors(ctx: CallerContext): Promise<DepositorDto[]> {
    return (await this.repository.depositors(ctx)).map(toDepositorDto);
  }

  async administeredDepositors(ctx: CallerContext): Promise<DepositorDto[]> {
    return (await this.repository.administeredDepositors(ctx)).map(toDepositorDto);
  }

  /** For other services: the permitted subset of these ids, silently without the others. */
  async depositorsByIds(ctx: CallerContext, data: unknown): Promise<DepositorDto[]> {
    const { ids } = validateData(DepositorsByIdsQuery, data);
    if (!ids.length) return [];
    return (await this.repository.depositors(ctx, [...new Set(ids)])).map(toDepositorDto);
  }

  async activities(ctx: CallerContext, data: unknown): Promise<ActivityDto[]> {
    const { depositorId } = validateData(OfDepositorQuery, data);
    if (depositorId) await this.requireDepositor(ctx, depositorId);
    return (await this.repository.activities(ctx, depositorId)).map(toActivityDto);
  }

  async stores(ctx: CallerContext, data: unknown): Promise<StoreDto[]> {
    const { depositorId } = validateData(OfDepositorQuery, data);
    if (depositorId) await this.requireDepositor(ctx, depositorId);
    return (await this.repository.stores(ctx, depositorId)).map(toStoreDto);
  }

  /** A depositor outside the scope answers like an unknown one: 404, never its data. */
  private async requireDepositor(ctx: CallerContext, depositorId: number): Promise<void> {
    const [found] = await this.repository.depositors(ctx, [depositorId]);
    if (!found) throw notFound('depositor');
  }
}
