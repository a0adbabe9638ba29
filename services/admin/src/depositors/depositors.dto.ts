import type { ActivityDto, DepositorDto, StoreDto } from '@portal/contracts';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, Max, Min } from 'class-validator';
import { MAX_ID } from '../common/validate';
import type { Activity } from './activity.entity';
import type { Depositor } from './depositor.entity';
import type { Store } from './store.entity';

export class DepositorsByIdsQuery {
  @IsArray()
  @ArrayMaxSize(1000)
  @Type(() => Number)
  @IsInt({ each: true })
  @Max(MAX_ID, { each: true })
  ids!: number[];
}

/** Activities and stores may be narrowed to one depositor (cascading pickers). */
export class OfDepositorQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  depositorId?: number;
}

export const toDepositorDto = (d: Depositor): DepositorDto => ({
  id: d.id,
  code: d.code,
  label: d.label,
  action_delay_on_address: d.actionDelayOnAddress,
});

export const toActivityDto = (a: Activity): ActivityDto => ({ id: a.id, code: a.code, label: a.label, depositorId: a.depositorId });

export const toStoreDto = (s: Store): StoreDto => ({
  id: s.id,
  code: s.code,
  label: s.label,
  depositorId: s.depositorId,
  platformId: s.platformId,
});
