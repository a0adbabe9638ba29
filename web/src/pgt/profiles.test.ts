import { describe, expect, it } from 'vitest';
import type { SearchProfileDto } from '@portal/contracts';
import { groupProfiles, profileOf, startingProfile } from './profiles';

const profile = (id: number, over: Partial<SearchProfileDto> = {}): SearchProfileDto => ({
  id,
  name: `P${id}`,
  filter: {},
  shared: false,
  isDefault: false,
  ownerUserId: 1,
  depositorIds: [2],
  mine: true,
  ...over,
});

describe('search profiles', () => {
  const mine = profile(1);
  const mineDefault = profile(2, { isDefault: true });
  const coworkers = profile(3, { mine: false, shared: true, ownerUserId: 9 });

  it('opens on the default profile first, else on the last selected one', () => {
    expect(startingProfile([mine, mineDefault, coworkers], '3')).toBe(mineDefault);
    expect(startingProfile([mine, coworkers], '3')).toBe(coworkers);
    expect(startingProfile([mine, coworkers], 'transit')).toBeNull();
    expect(startingProfile([mine], '42')).toBeNull();
  });
  it('a coworker flagging a profile default does not make it mine', () => {
    expect(startingProfile([profile(4, { mine: false, isDefault: true })], '')).toBeNull();
  });
  it('reads the persisted choice as an id only', () => {
    expect(profileOf([mine], '1')).toBe(mine);
    expect(profileOf([mine], '1x')).toBeNull();
  });
  it('lists own profiles, then coworkers’ shared ones', () => {
    expect(groupProfiles([coworkers, mine])).toEqual({ mine: [mine], shared: [coworkers] });
  });
});
