import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslate } from 'ra-core';
import { z } from 'zod';
import { AppError, parseListFilter, type FieldErrorKey, type ListDeclaration } from '@portal/contracts';

/**
 * The filter form of a list: the filter the user is typing (draft) is not the one in force
 * (applied: the URL's, the list controller's) until it is applied, and it is checked against the
 * list's shared declaration (@portal/contracts) first, so a refused field is marked before anything
 * is sent, with the spec §5 message the server would have given.
 */

export type FieldErrors = Partial<Record<string, FieldErrorKey>>;

export interface DraftFilterOptions<F extends object> {
  /** The filter in force; the draft follows it whenever it changes (URL, back button, profile). */
  applied: F;
  /** Sends a checked filter (blank values left out): the URL, the list controller. */
  onApply: (filter: F) => void;
  /** What reset returns to; an empty filter by default. */
  defaults?: F;
  /** The declaration the draft is checked against before it is sent. */
  list?: ListDeclaration;
  /** The request the declaration reads, when the form holds something else (a preset period). */
  toRequest?: (draft: F) => unknown;
}

export interface DraftFilter<F extends object> {
  draft: F;
  /** Changes the draft; an edited field loses its error. */
  set: (patch: Partial<F>) => void;
  /** The refusals of the last apply, by field. */
  errors: FieldErrors;
  /** Checks the draft (with `patch`) and sends it; false when a field is refused. */
  apply: (patch?: Partial<F>) => boolean;
  /** Back to the defaults, sent at once. */
  reset: () => void;
  /** The translated refusal of `field`, for its helper text. */
  errorText: (field: string) => string | undefined;
}

export interface DraftState<F extends object> {
  /** The applied filter the draft started from (JSON). */
  from: string;
  draft: F;
  errors: FieldErrors;
}

export type DraftAction<F extends object> =
  | { type: 'follow'; applied: F }
  | { type: 'set'; patch: Partial<F> }
  | { type: 'refused'; draft: F; errors: FieldErrors }
  | { type: 'reset'; defaults: F };

export const initialDraft = <F extends object>(applied: F): DraftState<F> => ({
  from: JSON.stringify(applied),
  draft: applied,
  errors: {},
});

export function draftReducer<F extends object>(state: DraftState<F>, action: DraftAction<F>): DraftState<F> {
  switch (action.type) {
    case 'follow':
      // The same filter applied again (the form resubmitted) keeps what the user is typing.
      return JSON.stringify(action.applied) === state.from ? state : initialDraft(action.applied);
    case 'set': {
      const errors = { ...state.errors };
      for (const key of Object.keys(action.patch)) delete errors[key];
      return { ...state, draft: { ...state.draft, ...action.patch }, errors };
    }
    case 'refused':
      return { ...state, draft: action.draft, errors: action.errors };
    case 'reset':
      return { ...state, draft: action.defaults, errors: {} };
  }
}

/** The fields the declaration refuses in `request`, with their spec §5 keys; empty when it is accepted. */
export function draftErrors(list: ListDeclaration, request: unknown): FieldErrors {
  try {
    parseListFilter(list, request);
    return {};
  } catch (error) {
    if (error instanceof AppError) return { ...(error.fields ?? {}) };
    throw error;
  }
}

export const withoutBlanks = <F extends object>(filter: F): F =>
  Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== '' && v !== undefined && v !== null)) as F;

/**
 * The longest text `field` of `list` accepts (the "limited to n characters" message), read from the
 * declaration itself so that the limit is written in one place only.
 */
export function maxLengthOf(list: ListDeclaration, field: string): number | undefined {
  const schema = list.filter.shape[field];
  const accepts = (length: number) => schema !== undefined && z.safeParse(schema, 'a'.repeat(length)).success;
  // '' is "absent" in every filter: start from one character.
  let [ok, refused] = [1, 4096];
  if (!schema || !accepts(ok) || accepts(refused)) return undefined;
  while (refused - ok > 1) {
    const middle = (ok + refused) >> 1;
    if (accepts(middle)) ok = middle;
    else refused = middle;
  }
  return ok;
}

export function useDraftFilter<F extends object>({ applied, onApply, defaults, list, toRequest }: DraftFilterOptions<F>): DraftFilter<F> {
  const translate = useTranslate();
  const [state, dispatch] = useReducer(draftReducer<F>, applied, initialDraft<F>);
  const appliedKey = JSON.stringify(applied);
  useEffect(() => dispatch({ type: 'follow', applied: JSON.parse(appliedKey) as F }), [appliedKey]);
  const current = useRef(state);
  current.current = state;
  const latest = useRef({ onApply, defaults, list, toRequest });
  latest.current = { onApply, defaults, list, toRequest };

  const set = useCallback((patch: Partial<F>) => dispatch({ type: 'set', patch }), []);
  const apply = useCallback((patch?: Partial<F>) => {
    const { onApply: send, list: declaration, toRequest: requestOf } = latest.current;
    const draft = { ...current.current.draft, ...patch };
    const errors = declaration ? draftErrors(declaration, requestOf ? requestOf(draft) : draft) : {};
    if (Object.keys(errors).length) {
      dispatch({ type: 'refused', draft, errors });
      return false;
    }
    if (patch) dispatch({ type: 'set', patch });
    send(withoutBlanks(draft));
    return true;
  }, []);
  const reset = useCallback(() => {
    const { onApply: send, defaults: initial = {} as F } = latest.current;
    dispatch({ type: 'reset', defaults: initial });
    send(initial);
  }, []);
  const errorText = (field: string) => {
    const key = state.errors[field];
    if (!key) return undefined;
    const n = key === 'maxLength' && list ? maxLengthOf(list, field) : undefined;
    // The generic messages with a number ("at most %{n}") read as "invalid format" when it is unknown.
    if ((key === 'maxLength' || key === 'max' || key === 'min') && n === undefined) return translate('fields.invalidFormat');
    return translate(`fields.${key}`, { n, _: key });
  };
  return { draft: state.draft, set, errors: state.errors, apply, reset, errorText };
}
