import * as contracts from '@portal/contracts';
import { DEMO_API_KEYS } from '@portal/service-auth';
import fc from 'fast-check';
import request from 'supertest';
import { fillPath, operationsOf, resolve, sampleOf, type JsonSchema, type OpenApiDocument, type Operation } from './support/openapi-walk';
import { loginAs, startTarget, type ApiTarget } from './support/target';

/**
 * No input, however hostile, may answer 5xx (issue 9, item 3). Walked from the OpenAPI document so
 * that a new module is covered without editing this file: fast-check puts hostile values (NUL,
 * huge, negative, deep, wrong type, unicode, absurd dates, forged cursors) into every path
 * parameter, query parameter, list filter field and body field of every path, as a signed-in
 * administrator (who reaches every handler) or with the demo warehouse key for the feeds.
 * A failure names the path and the smallest request fast-check found.
 */

/** Cases per operation; FAST_CHECK_RUNS raises it for a deeper run by hand. */
const RUNS = Number(process.env.FAST_CHECK_RUNS ?? 25);
const SEED = Number(process.env.FAST_CHECK_SEED ?? 20261125);

/** Paths left out, and why: they end the session the walk runs with. */
const SKIPPED: Record<string, string> = {
  'POST /api/auth/logout': 'ends the walking session',
  'POST /api/user/token/check': 'replaces the walking session’s token',
  'GET /api/user/token/check': 'replaces the walking session’s token',
  'GET /api/live': 'a stream that stays open (live.test.ts: its session, its Last-Event-ID, its limits)',
};

/** Every list filter field the contracts declare (one declaration per resource): new lists join by themselves. */
const FILTER_FIELDS = [
  ...new Set(
    Object.values(contracts).flatMap((value) => {
      const shape = (value as { filter?: { shape?: object }; resource?: unknown })?.filter?.shape;
      return typeof (value as { resource?: unknown })?.resource === 'string' && shape ? Object.keys(shape) : [];
    }),
  ),
];

const absurdDate = fc.constantFrom(
  '99999-12-31',
  '0000-00-00',
  '-infinity',
  'infinity',
  'epoch',
  '275760-09-13T00:00:00Z',
  '2026-02-30',
  '2026-13-01T25:61:61Z',
  '1800-01-01',
  '-001000-01-01T00:00:00Z',
);
const hostileString = fc.oneof(
  fc.constant('\u0000'),
  fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`),
  fc.constant('x'.repeat(70_000)),
  fc.constantFrom('\u202e\u0007', '\ud800', '😀'.repeat(500), '\uffff', ' ', ''),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom("' OR 1=1 --", '%', '_%\\', '../../etc/passwd', '{"$gt":""}', '__proto__', 'constructor'),
  absurdDate,
);
const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 2 ** 31, 2 ** 53 + 1, 1e308, -1e308, Number.MAX_SAFE_INTEGER),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
/** A value nested `depth` levels (arrays and objects in turn). */
const nested = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  fc.constantFrom(true, null, [], {}, nested(60)),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'a', '\u0000'), hostileString, { maxKeys: 2 }),
);
/** What a query parameter carries: a string as is, anything else as JSON. */
const asParam = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

const forgedCursor = fc.oneof(
  fc.base64String({ maxLength: 60 }),
  fc.constantFrom('eyJ9', 'e30', 'W10', 'eyJzIjoiaWQiLCJ2IjoiMSdPUiAxPTEiLCJpIjoieCJ9', '\u0000'),
  hostileString,
);
const hostileRange = fc.oneof(
  fc.constantFrom('[-1,5]', '[5,1]', '[0,1e308]', '[0]', '["a","b"]', '{}', '[0.5,2]', '[0,99999999999]', 'null', '[', '[1,2,3]'),
  hostileValue.map(asParam),
);
const hostileSort = fc.oneof(
  fc.constantFrom('["id","ASC"]', '["id","SIDEWAYS"]', '["nope","ASC"]', '["id"]', '[]', '"id"', '[1,2]', '["id; DROP TABLE x","ASC"]'),
  hostileValue.map(asParam),
);
const hostileFilter = fc.oneof(
  fc.dictionary(fc.constantFrom(...FILTER_FIELDS, 'cursor', 'q'), hostileValue, { minKeys: 1, maxKeys: 3 }).map(asParam),
  fc.constantFrom('not json', '[]', 'null', '"x"', JSON.stringify(nested(3000))),
  hostileValue.map(asParam),
);

interface HostileRequest {
  path: string;
  query: Record<string, string | undefined>;
  body?: unknown;
}

function requestsFor(doc: OpenApiDocument, op: Operation): fc.Arbitrary<HostileRequest> {
  const pathValues = fc.record(
    Object.fromEntries(op.pathParams.map((p) => [p.name, fc.oneof(hostileValue.map(asParam), fc.constantFrom('1', '-1', '0'))])),
  );
  const query = fc.record(
    Object.fromEntries(
      op.queryParams.map((name) => {
        const value =
          name === 'filter'
            ? hostileFilter
            : name === 'range'
              ? hostileRange
              : name === 'sort'
                ? hostileSort
                : name === 'cursor'
                  ? forgedCursor
                  : hostileValue.map(asParam);
        return [name, value];
      }),
    ),
    { requiredKeys: [] },
  );
  const body = op.body ? hostileBody(doc, op.body) : fc.constant(undefined);
  return fc.record({ path: pathValues.map((values) => fillPath(op.path, values)), query, body });
}

/** The sample body with one field (at any depth) made hostile, or a hostile body altogether. */
function hostileBody(doc: OpenApiDocument, schema: JsonSchema): fc.Arbitrary<unknown> {
  const sample = sampleOf(doc, schema);
  const fields = fieldPaths(doc, schema);
  const oneField = fields.length
    ? fc.tuple(fc.constantFrom(...fields), hostileValue).map(([field, value]) => withField(sample, field, value))
    : hostileValue;
  return fc.oneof({ weight: 4, arbitrary: oneField }, hostileValue, fc.constant(nested(2000)));
}

function fieldPaths(doc: OpenApiDocument, raw: JsonSchema, prefix: string[] = [], depth = 0): string[][] {
  const schema = resolve(doc, raw);
  if (depth > 4) return [];
  if (schema.type === 'array' && schema.items) return fieldPaths(doc, schema.items, [...prefix, '0'], depth + 1);
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => [
    [...prefix, name],
    ...fieldPaths(doc, property, [...prefix, name], depth + 1),
  ]);
}

function withField(sample: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(sample) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) node[key] = value;
    else {
      if (typeof node[key] !== 'object' || node[key] === null) node[key] = /^\d+$/.test(path[i + 1]) ? [] : {};
      node = node[key] as Record<string, unknown>;
    }
  }
  return copy;
}

/** A counterexample as the failure shows it (some are too deep for a printer). */
function printable(value: unknown): string {
  try {
    return JSON.stringify(value).slice(0, 600);
  } catch {
    return '(nested too deep to print)';
  }
}

describe('hostile input: no 5xx on any path', () => {
  let target: ApiTarget;
  let doc: OpenApiDocument;
  let token: string;

  beforeAll(async () => {
    target = await startTarget({ shared: true });
    doc = (await request(target.url).get('/api/docs-json').expect(200)).body as OpenApiDocument;
    token = (await loginAs(target, 'admin')).token;
  }, 120_000);
  afterAll(() => target?.close());

  async function send(op: Operation, hostile: HostileRequest) {
    const query = new URLSearchParams(Object.entries(hostile.query).filter((e): e is [string, string] => e[1] !== undefined)).toString();
    let req = request(target.url)[op.method](`${hostile.path}${query ? `?${query}` : ''}`);
    req = op.path.startsWith('/api/feed/') ? req.set('X-Api-Key', DEMO_API_KEYS.warehouse) : req.set('Authorization', `Bearer ${token}`);
    const res = await (hostile.body === undefined ? req : req.set('Content-Type', 'application/json').send(JSON.stringify(hostile.body)));
    return res;
  }

  it('walks every operation the OpenAPI document lists, lists included', () => {
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.some((op) => op.queryParams.includes('filter') && op.queryParams.includes('cursor'))).toBe(true);
    expect(FILTER_FIELDS).toEqual(expect.arrayContaining(['q', 'reference', 'depositor']));
  });

  it('answers every hostile request with 2xx, 3xx or 4xx: never 5xx', async () => {
    const failures: string[] = [];
    for (const op of operationsOf(doc)) {
      const name = `${op.method.toUpperCase()} ${op.path}`;
      if (SKIPPED[name]) continue;
      const details = await fc.check(
        fc.asyncProperty(requestsFor(doc, op), async (hostile) => (await send(op, hostile)).status < 500),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      if (details.failed) failures.push(`${name}: ${printable(details.counterexample)}`);
    }
    expect(failures).toEqual([]);
  }, 600_000);

  describe('the cases tried by hand, each in the error envelope with a key', () => {
    const envelope = (res: request.Response, status: number, key: string) => {
      expect([res.status, res.body?.error?.key]).toEqual([status, key]);
    };

    it('a NUL character in the login', async () => {
      envelope(await request(target.url).post('/api/auth/login').send({ login: 'ad\u0000min', password: 'x' }), 400, 'validationFailed');
    });

    it('a NUL character in a list filter and in a path id', async () => {
      const auth = { Authorization: `Bearer ${token}` };
      const filter = encodeURIComponent(JSON.stringify({ q: 'AB\u0000C' }));
      envelope(await request(target.url).get(`/api/orders?filter=${filter}`).set(auth), 400, 'validationFailed');
      envelope(await request(target.url).get(`/api/orders/1%00`).set(auth), 400, 'validationFailed');
    });

    it('a date outside PostgreSQL’s range, a forged cursor, a malformed range', async () => {
      const auth = { Authorization: `Bearer ${token}` };
      const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));
      const dated = await request(target.url)
        .get(`/api/movements?filter=${q({ dateFrom: '99999-01-01' })}`)
        .set(auth);
      expect(dated.status).toBe(400);
      envelope(
        await request(target.url)
          .get(`/api/orders?cursor=${q('eyJ9')}`)
          .set(auth),
        400,
        'invalidCursor',
      );
      envelope(
        await request(target.url)
          .get(`/api/stock?range=${q([5, 1])}`)
          .set(auth),
        400,
        'validationFailed',
      );
      envelope(await request(target.url).get(`/api/items?range=not-json`).set(auth), 400, 'validationFailed');
    });

    it('a JSON body nested thousands of levels deep is refused before it is parsed', async () => {
      const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
      const res = await request(target.url)
        .put('/api/user/profile')
        .set('Authorization', `Bearer ${token}`)
        .set('Content-Type', 'application/json')
        .send(deep);
      envelope(res, 400, 'validationFailed');
    });

    it('an over-long URL and over-large headers answer in the envelope', async () => {
      const url = await request(target.url).get(`/api/orders?filter=${'x'.repeat(100_000)}`);
      expect([414, 431]).toContain(url.status);
      expect(url.body?.error?.key).toBe('sizeLimitExceeded');
    });
  });
});
