import { canMoveLoop, LOOP_LIMITS, LOOP_TAB_NAMES, LOOP_TAB_STATUS, LOOP_STATUSES, loopQuantityProblem, loopOrderInput } from './loop';
import { LOOP_ERROR_STATUS } from './loop-errors';
import { ERROR_STATUS } from '../errors';
import { parseBody } from '../body';

describe('Loop quantities (spec §5: greater than 0 and not above the available quantity)', () => {
  it('accepts a whole quantity from 1 up to what is available', () => {
    expect(loopQuantityProblem(1, 5)).toBeNull();
    expect(loopQuantityProblem(5, 5)).toBeNull();
    // Without an available quantity (not asked yet) only the first rule applies.
    expect(loopQuantityProblem(7, undefined)).toBeNull();
  });

  it('refuses zero, negatives, fractions, non-numbers and absurd quantities as invalid', () => {
    for (const q of [0, -1, 1.5, Number.NaN, Infinity, '3', null, undefined, LOOP_LIMITS.maxQuantity + 1])
      expect(loopQuantityProblem(q, 1_000_000_000)).toBe('loopInvalidQuantity');
  });

  it('refuses more than available, even when nothing is', () => {
    expect(loopQuantityProblem(6, 5)).toBe('loopAvailableQuantityExceeded');
    expect(loopQuantityProblem(1, 0)).toBe('loopAvailableQuantityExceeded');
  });
});

describe('Loop order states', () => {
  it('moves draft → submitted → integrated or rejected, and nothing else', () => {
    const moves = LOOP_STATUSES.flatMap((from) => LOOP_STATUSES.filter((to) => canMoveLoop(from, to)).map((to) => `${from}>${to}`));
    expect(moves).toEqual(['draft>submitted', 'submitted>integrated', 'submitted>rejected']);
  });

  it('shows each status in exactly one of the four lists of spec §2', () => {
    expect(LOOP_TAB_NAMES).toEqual(['drafts', 'progress', 'integrated', 'rejected']);
    expect(new Set(Object.values(LOOP_TAB_STATUS))).toEqual(new Set(LOOP_STATUSES));
  });
});

describe('Loop order input and keys', () => {
  it('needs a depositor and a platform, and a reference on each line', () => {
    expect(() => parseBody(loopOrderInput, { lines: [{ quantity: 1 }] })).toThrow(
      expect.objectContaining({
        key: 'validationFailed',
        fields: { depositor_id: 'required', platform_id: 'required', 'lines.0.reference': 'required' },
      }),
    );
  });

  it('puts the four §8 Loop keys in the catalogue with a client or business status', () => {
    expect(Object.keys(LOOP_ERROR_STATUS)).toHaveLength(4);
    for (const [key, status] of Object.entries(LOOP_ERROR_STATUS)) expect(ERROR_STATUS[key as keyof typeof ERROR_STATUS]).toBe(status);
  });
});
