import { CreateTracking1763800000000 } from './1763800000000-CreateTracking';
import { NarrowByActivityPlatformStore1764400000000 } from './1764400000000-NarrowByActivityPlatformStore';
import { CoveringReferenceIndexes1764600000000 } from './1764600000000-CoveringReferenceIndexes';
import { NarrowedScopeIndexes1764700000000 } from './1764700000000-NarrowedScopeIndexes';
import { TracerStatusHistory1764800000000 } from './1764800000000-TracerStatusHistory';
import { CreateCarriers1764900000000 } from './1764900000000-CreateCarriers';
import { PublicTrackingTokens1768500000000 } from './1768500000000-PublicTrackingTokens';
import { TracerStatusByDepositor1769300000000 } from './1769300000000-TracerStatusByDepositor';

/** This service's migrations, in order (also for the benchmark, which opens the database without Nest). */
export const TRACKING_MIGRATIONS = [
  CreateTracking1763800000000,
  NarrowByActivityPlatformStore1764400000000,
  CoveringReferenceIndexes1764600000000,
  NarrowedScopeIndexes1764700000000,
  TracerStatusHistory1764800000000,
  CreateCarriers1764900000000,
  PublicTrackingTokens1768500000000,
  TracerStatusByDepositor1769300000000,
];
