import { Injectable } from '@nestjs/common';
import { BusClient } from '@portal/bus';
import {
  AdminSubjects,
  AppError,
  depositorScope,
  systemContext,
  type ActivityDto,
  type DepositorDto,
  type Scope,
  type StoreDto,
} from '@portal/contracts';

/**
 * The back office's depositors, activities and stores (the admin service owns them), asked as a
 * system caller within the reach given: what a user administrator may give and check.
 */
@Injectable()
export class BackOffice {
  constructor(private readonly bus: BusClient) {}

  private ctx(scope: Scope) {
    return { ...systemContext('admin-users'), scope };
  }

  depositors(reach: Scope): Promise<DepositorDto[]> {
    return this.bus.request<DepositorDto[]>(AdminSubjects.depositors, this.ctx(reach), {});
  }

  /** The activities and stores of these depositors (none asked: none). */
  async activitiesAndStores(depositorIds: number[]): Promise<{ activities: ActivityDto[]; stores: StoreDto[] }> {
    if (!depositorIds.length) return { activities: [], stores: [] };
    const ctx = this.ctx(depositorScope(depositorIds));
    const [activities, stores] = await Promise.all([
      this.bus.request<ActivityDto[]>(AdminSubjects.activities, ctx, {}),
      this.bus.request<StoreDto[]>(AdminSubjects.stores, ctx, {}),
    ]);
    return { activities, stores };
  }

  /**
   * Refuses (400 validationFailed, unknownCode on the field) depositors the reach does not hold, and
   * activities or stores that are not of the user's depositors.
   */
  async check(reach: Scope, scope: { depositors: number[]; activities: number[]; stores: number[] }): Promise<void> {
    if (scope.depositors.length) {
      const known = new Set((await this.depositors(reach)).map((d) => d.id));
      if (scope.depositors.some((id) => !known.has(id)))
        throw new AppError('validationFailed', 'unknown depositor', undefined, { depositors: 'unknownCode' });
    }
    if (!scope.activities.length && !scope.stores.length) return;
    const { activities, stores } = await this.activitiesAndStores(scope.depositors);
    const fields: Record<string, 'unknownCode'> = {};
    if (scope.activities.some((id) => !activities.some((a) => a.id === id))) fields.activities = 'unknownCode';
    if (scope.stores.some((id) => !stores.some((s) => s.id === id))) fields.stores = 'unknownCode';
    if (Object.keys(fields).length) throw new AppError('validationFailed', 'activity or store outside the depositors', undefined, fields);
  }
}
