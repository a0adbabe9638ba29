import { describe, expect, it } from '@jest/globals';
import { BusClient } from '@portal/bus';
import { AppError, canMoveClaim, CLAIM_STATUSES, formatClaimDate, systemContext } from '@portal/contracts';
import type { Db } from '@portal/db';
import type { FileStorage } from '@portal/files';
import type { ClaimMoves } from './claim-moves';
import { ClaimsService } from './claims.service';

const serviceWith = (request: () => Promise<unknown>) =>
  new ClaimsService({} as Db, { request } as unknown as BusClient, {} as FileStorage, {} as ClaimMoves);

describe('claims rules', () => {
  it('moves only draft → sent → processed → closed', () => {
    const allowed = CLAIM_STATUSES.flatMap((from) => CLAIM_STATUSES.filter((to) => canMoveClaim(from, to)).map((to) => `${from}>${to}`));
    expect(allowed).toEqual(['draft>sent', 'sent>processed', 'processed>closed']);
  });

  it('writes claim dates DD/MM/YY HH:mm in the user’s time zone', () => {
    expect(formatClaimDate('2026-11-26T22:30:00Z', 'Europe/Paris')).toBe('26/11/2026 23:30');
    expect(formatClaimDate('2026-07-01T22:30:00Z', 'Europe/Paris')).toBe('02/07/2026 00:30');
    expect(formatClaimDate(null, 'Europe/Paris')).toBe('');
  });

  it('answers claimInternalError when tracking cannot answer, and claimNumberUnknown when it finds nothing', async () => {
    const down = serviceWith(() => Promise.reject(new AppError('serverUnavailable', 'timeout')));
    await expect(down.lookup(systemContext(), { number: 'CMD1' })).rejects.toMatchObject({ key: 'claimInternalError', status: 502 });
    const broken = serviceWith(() => Promise.reject(new Error('socket hang up')));
    await expect(broken.create(systemContext(), { number: 'CMD1' })).rejects.toMatchObject({ key: 'claimInternalError' });
    const empty = serviceWith(() => Promise.resolve([]));
    await expect(empty.lookup(systemContext(), { number: 'CMD1' })).rejects.toMatchObject({
      key: 'claimNumberUnknown',
      fields: { number: 'invalidFormat' },
    });
  });
});
