import { describe, expect, it } from 'vitest';
import { ITEMS_LIST, MOVEMENTS_LIST, ORDERS_LIST, STOCK_LINES_LIST } from '@portal/contracts';
import { draftErrors, draftReducer, initialDraft, maxLengthOf, withoutBlanks, type DraftState } from './useDraftFilter';

type Filter = Record<string, unknown>;

describe('draft filters', () => {
  it('keeps what the user types apart from the filter in force', () => {
    let state: DraftState<Filter> = initialDraft({ reference: 'AB' });
    state = draftReducer(state, { type: 'set', patch: { reference: 'ABC', lot: 'L1' } });
    expect(state.draft).toEqual({ reference: 'ABC', lot: 'L1' });
    // The same filter applied again (a resubmitted form, a re-render) leaves the draft alone.
    expect(draftReducer(state, { type: 'follow', applied: { reference: 'AB' } })).toBe(state);
    // Another filter in force (URL, back button, profile) replaces it.
    expect(draftReducer(state, { type: 'follow', applied: { lot: 'L2' } })).toEqual(initialDraft({ lot: 'L2' }));
  });

  it('marks refused fields until they are edited, and resets to the defaults', () => {
    let state = draftReducer(initialDraft<Filter>({}), {
      type: 'refused',
      draft: { platform: 'abc', reference: 'x' },
      errors: { platform: 'integer', reference: 'maxLength' },
    });
    expect(state.errors).toEqual({ platform: 'integer', reference: 'maxLength' });
    state = draftReducer(state, { type: 'set', patch: { platform: '8' } });
    expect(state.errors).toEqual({ reference: 'maxLength' });
    state = draftReducer(state, { type: 'reset', defaults: { dateFrom: '2026-01-01' } });
    expect(state).toMatchObject({ draft: { dateFrom: '2026-01-01' }, errors: {} });
  });

  it('checks the draft against the list declaration shared with the gateway', () => {
    expect(draftErrors(STOCK_LINES_LIST, { reference: 'CREME', platform: '8', blockingCode: 'BQ', lot: '' })).toEqual({});
    expect(draftErrors(STOCK_LINES_LIST, { platform: 'abc', blockingCode: 'XX', reference: 'x'.repeat(65) })).toEqual({
      platform: 'integer',
      blockingCode: 'invalidFormat',
      reference: 'maxLength',
    });
    expect(draftErrors(MOVEMENTS_LIST, { dateFrom: '2026-02-30', dateTo: '2026-03-01' })).toEqual({ dateFrom: 'invalidFormat' });
    expect(draftErrors(ITEMS_LIST, { newProduct: 'true', hazardous: 'maybe' })).toEqual({ hazardous: 'invalidFormat' });
    expect(draftErrors(ORDERS_LIST, { q: 'CMD\u0000', country: 'FRA', status: [100] })).toEqual({
      q: 'invalidFormat',
      country: 'invalidFormat',
    });
  });

  it('reads a text limit from the declaration itself', () => {
    expect(maxLengthOf(ORDERS_LIST, 'zip')).toBe(21);
    expect(maxLengthOf(ORDERS_LIST, 'q')).toBe(64);
    expect(maxLengthOf(ITEMS_LIST, 'label')).toBe(255);
    expect(maxLengthOf(ORDERS_LIST, 'status')).toBeUndefined();
    expect(maxLengthOf(ORDERS_LIST, 'nothing')).toBeUndefined();
  });

  it('sends no blank values', () => {
    expect(withoutBlanks({ reference: 'AB', lot: '', type: undefined, family: null, platform: 0 })).toEqual({
      reference: 'AB',
      platform: 0,
    });
  });
});
