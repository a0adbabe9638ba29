import { AppError } from '@portal/contracts';

/** The JSON parameters of a react-admin list query (ra-data-simple-rest), decoded. */
export interface ListQueryParams {
  filter?: unknown;
  range?: unknown;
  sort?: unknown;
}

/** Decodes `filter`, `range` and `sort`, refusing malformed JSON with validationFailed on that field. */
export function parseListQuery(query: { filter?: string; range?: string; sort?: string }): ListQueryParams {
  const parse = (name: 'filter' | 'range' | 'sort') => {
    const raw = query[name];
    if (raw === undefined || raw === '') return undefined;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      throw new AppError('validationFailed', `${name} is not JSON`, undefined, { [name]: 'invalidFormat' });
    }
  };
  return { filter: parse('filter'), range: parse('range'), sort: parse('sort') };
}
