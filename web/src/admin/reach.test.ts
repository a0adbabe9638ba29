import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { changesSharedRows, referenceTabChanges } from './reach';
import { FormActions } from './reference/kit';

/** The buttons of a record form as rendered (the translation keys stand for the words outside the app). */
const buttons = (props: Parameters<typeof FormActions>[0]): string[] =>
  [
    ...renderToStaticMarkup(createElement(MemoryRouter, null, createElement(FormActions, props))).matchAll(
      /<(?:button|a)\b[^>]*>([^<]*)<\/(?:button|a)>/g,
    ),
  ].map((m) => m[1]);

describe('the back office rows shared by every depositor', () => {
  it('are changed only by a user whose session says they administer every depositor', () => {
    expect(changesSharedRows({ fullAdminReach: true })).toBe(true);
    expect(changesSharedRows({ fullAdminReach: false })).toBe(false);
    expect(changesSharedRows(null)).toBe(false);
    // A session stored before the server said it: nothing offered until /user/me answers.
    expect(changesSharedRows({} as { fullAdminReach: boolean })).toBe(false);
  });

  it('leave a depositor’s administrator their activities and stores, not the platforms', () => {
    expect(referenceTabChanges('platforms', false)).toBe(false);
    expect(referenceTabChanges('activities', false)).toBe(true);
    expect(referenceTabChanges('stores', false)).toBe(true);
    expect(referenceTabChanges('platforms', true)).toBe(true);
  });

  it('show a read-only form without save, cancel or delete (its title keeps the one way back)', () => {
    const onDelete = () => undefined;
    expect(buttons({ backTo: '/admin/templates', onDelete })).toEqual([
      'adminRef.common.save',
      'adminRef.common.cancel',
      'adminRef.common.delete',
    ]);
    expect(buttons({ backTo: '/admin/templates', readOnly: true, onDelete })).toEqual([]);
  });
});
