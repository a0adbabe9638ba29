import { ALL_ROLES, CHART_SOURCES, REPORT_IDS, Role } from '@portal/contracts';
import request from 'supertest';
import { waitForMail } from '../support/smtp';
import {
  callAs,
  DEPOSITOR_CODES,
  emptyIds,
  EXPORT_LINK,
  hourAgo,
  MARK,
  Parties,
  PDF,
  q,
  type Answer,
  type Client,
  type Group,
  type Ids,
  type ObjectKind,
} from './support/isolation-parties';
import {
  fillPath,
  idFieldsOf,
  operationsOf,
  sampleOf,
  tracesOf,
  type Foreign,
  type OpenApiDocument,
  type Operation,
} from './support/openapi-walk';
import { loginAs, startTarget, type ApiTarget } from './support/target';
import { addUser } from './support/users';

/**
 * Isolation, walked from the OpenAPI document, so that a new module is covered without editing
 * this file: every path with an id answers 404 (or 403 for a right the caller lacks) to ids of
 * another depositor, activity, store or user, and leaks nothing of them; every list and export
 * answers no foreign row whatever its filter names; and the owners find their objects unchanged.
 * A path parameter or an id field of a body that the tables below do not know fails the test with
 * what to add.
 *
 * The parties: DEMO-A (1) and DEMO-B (2) own orders, documents, stock lines, movements and items
 * fed like the warehouse system feeds them; alice (both depositors) owns a search profile, a tile
 * and an export. The callers: bob (demo, DEMO-B, three roles), "iso-b" (DEMO-B, every right short of
 * administration, so that writes reach the ownership checks) and denis (demo, DEMO-A, limited to
 * the activity ECOM and the store MAG-MLV1: the activity and store cases).
 */

/** What a path parameter names: an object someone owns, or a value of no one (and why). */
type ParamRule = { owned: ObjectKind } | { neutral: readonly string[]; why: string };

/**
 * Every path parameter of the OpenAPI document, by `<segment before it>/{name}`. A new module adds
 * its parameters here: `owned` (the walk substitutes ids of other depositors, activities, stores or
 * users) or `neutral` with the reason it names no one's object.
 */
const PARAMS: Record<string, ParamRule> = {
  'orders/{id}': { owned: 'order' },
  'tracerroute/{id}': { owned: 'order' },
  'documents/{documentId}': { owned: 'document' },
  'stock/{id}': { owned: 'stockLine' },
  'movements/{id}': { owned: 'movement' },
  'items/{id}': { owned: 'item' },
  'orders/{uuid}': { owned: 'shipment' },
  'order/{uuid}': { owned: 'shipment' },
  'addresses/{uuid}': { owned: 'address' },
  'check/{uuid}': { owned: 'address' },
  'loop-orders/{uuid}': { owned: 'loopOrder' },
  'claims/{uuid}': { owned: 'claim' },
  'attachments/{attachmentId}': { owned: 'claimAttachment' },
  'simulations/{id}': { owned: 'importSimulation' },
  'alerts/{id}': { owned: 'alert' },
  // A depositor's logo (/api/depositors/{id}/logo) and the back office's depositors (/api/admin/depositors/{id}, 403 to non-administrators).
  'depositors/{id}': { owned: 'depositor' },
  'platforms/{id}': {
    neutral: ['1'],
    why: 'the provider’s warehouse sites, no depositor’s data: ADMIN_LIST only (admin-reference.test.ts)',
  },
  'activities/{id}': {
    neutral: ['1'],
    why: 'the back office’s reference lists: ADMIN_LIST only, 403 to the others (admin-reference.test.ts)',
  },
  'stores/{id}': { neutral: ['1'], why: 'the back office’s reference lists: ADMIN_LIST only, 403 to the others (admin-reference.test.ts)' },
  'carriers/{id}': {
    neutral: ['1'],
    why: 'the provider’s carriers, shared by every depositor: ADMIN_CARRIER only, read-only without full reach (admin-transport.test.ts)',
  },
  'tours/{id}': {
    neutral: ['1'],
    why: 'the transport plan’s tours and their carrier accounts: ADMIN_TOUR / ADMIN_CARRIER only, kept to the reach (admin-transport.test.ts)',
  },
  'email-templates/{id}': { neutral: ['1'], why: 'the provider’s mail templates: ADMIN_TEMPLATE only (admin-reference.test.ts)' },
  'logs/{id}': { neutral: ['1'], why: 'the provider’s back-office logs: ADMIN_LOGS only (admin-reference.test.ts)' },
  'announcements/{id}': {
    neutral: ['1'],
    why: 'announcements are for everyone; managed by ADMIN_ANNOUNCEMENT only (admin-reference.test.ts)',
  },
  'zones/{id}': { owned: 'feverZone' },
  'plans/{id}': { owned: 'feverPlan' },
  'probes/{id}': { owned: 'feverProbe' },
  'reports/{id}': {
    neutral: REPORT_IDS,
    why: 'a report of the catalogue, no one’s object: its figures are the caller’s depositors’ (checked with the lists; reports.test.ts)',
  },
  'imports/{kind}': {
    neutral: ['addresses', 'users', 'depositors'],
    why: 'a kind of back-office import: each kind checks its own roles, a simulation is its uploader’s (admin-import.test.ts)',
  },
  'sample/{format}': { neutral: ['csv'], why: 'a file format: the sample is built with the caller’s own codes' },
  'carriers/{depositor_code}': {
    neutral: ['DEMO-A', 'DEMO-B'],
    why: 'a depositor code: another depositor’s answers depositorNotFound (carriers hold no marker; huby.test.ts checks it)',
  },
  'packagingTypes/{code_depositor}': {
    neutral: ['DEMO-A', 'DEMO-B'],
    why: 'a depositor code: another depositor’s answers no type (packaging types hold no marker; huby.test.ts checks it)',
  },
  'tracking-profiles/{id}': { owned: 'profile' },
  'dashboard/{uuid}': { owned: 'tile' },
  'profiles/{id}': { owned: 'dashboardProfile' },
  'exports/{id}': { owned: 'export' },
  'user/{uuid}': { owned: 'user' },
  'users/{uuid}': { owned: 'user' },
  'role-groups/{id}': {
    neutral: ['1'],
    why: 'the provider’s role groups: no depositor’s data; a depositor’s administrator reads them and changes none (admin-users.test.ts)',
  },
  'announcement/{id}': { neutral: ['1'], why: 'announcements are for everyone; hiding one is the caller’s own choice' },
  'api-keys/{id}': {
    neutral: ['1'],
    why: 'a client API key: ADMIN_USERS only, a key beyond the caller’s depositors answers 404 and machine keys are never touched (api-keys.test.ts)',
  },
  'webhooks/{id}': {
    neutral: ['00000000-0000-4000-8000-000000000000'],
    why: 'a depositor’s webhook endpoint: ADMIN_USERS only; an endpoint beyond the caller’s depositors answers 404 on every route, and a DEMO-B endpoint never receives a DEMO-A event (webhooks.test.ts)',
  },
  'deliveries/{deliveryId}': {
    neutral: ['00000000-0000-4000-8000-000000000000'],
    why: 'a delivery of one webhook endpoint, reached only through that endpoint (webhooks/{id} above)',
  },
  'figures/{source}': { neutral: CHART_SOURCES.map((s) => s.id), why: 'a chart source: its answer is checked with the lists' },
  'tracking-translations/{kind}': {
    neutral: ['trackingStatus'],
    why: 'the provider’s words for statuses and carrier events: no depositor’s data, changed by ADMIN_TRACKING_TRANSLATION only (tracking-translations.test.ts)',
  },
  '{kind}/{code}': { neutral: ['95'], why: 'a status or event code of the provider’s words (above)' },
  '{code}/{locale}': { neutral: ['fr'], why: 'a language of the provider’s words (above)' },
  'language/{code}': { neutral: ['fr_FR'], why: 'the caller’s own setting' },
  'theme/{theme}': { neutral: ['dark'], why: 'the caller’s own setting' },
  'export/{format}': { neutral: ['datetime'], why: 'the caller’s own setting' },
  'timezone/{tz}': { neutral: ['Europe/Paris'], why: 'the caller’s own setting' },
  'phone/{phone}': { neutral: ['+33612345678'], why: 'the caller’s own setting' },
  'setFormatEtiquette/{format}': { neutral: ['PDF'], why: 'a value; the user is {uuid}' },
  'setZplDefaultPrinter/{printer}': { neutral: ['printer-1'], why: 'a value; the user is {uuid}' },
  'setAutoPrint/{state}': { neutral: ['off'], why: 'a value; the user is {uuid}' },
  'autoprint/{format}': {
    neutral: ['PDF', 'ZPL'],
    why: 'a label format: the answer holds only the caller’s shipments (checked with the markers; huby.test.ts prints)',
  },
  'reset/{token}': { neutral: ['not-a-token'], why: 'public: the token is the secret (password-reset.test.ts)' },
  'carriers/{carrier}': { neutral: ['gls'], why: 'carrier webhooks: machine clients with a signed API key (tracking.test.ts)' },
  'carriers/{code}': {
    neutral: ['GLS'],
    why: 'the provider’s carrier settings: no depositor’s data, changed by ADMIN_CARRIER only (tracking.test.ts)',
  },
};

/** Bodies the schema alone cannot make valid: the walk must reach the ownership check, not stop at validation. */
const BODIES: Record<string, () => unknown> = {
  'POST /api/orders/{id}/documents': () => ({ type: 'INVOICE', name: 'walk.pdf', contentBase64: PDF.toString('base64') }),
  'POST /api/orders/{id}/classify': () => ({ as: 'delivered', at: hourAgo(), comment: 'walk' }),
  'POST /api/dashtower/orders/{uuid}/duplicate': () => ({ count: 1 }),
  'PUT /api/alerts/{id}': () => ({ kind: 'VIP', title: 'walk', depositorIds: [2], statuses: [100], copyToSelf: true }),
  'POST /api/claims/{uuid}/process': () => ({ answer: 'walk', attributable: false, notifiable: false }),
  'POST /api/claims/{uuid}/close': () => ({ confirm: true }),
  'PUT /api/fever/zones/{id}': () => ({ code: 'WALK', label: 'walk', maxTemperature: 8 }),
  'PUT /api/fever/plans/{id}': () => ({ name: 'walk' }),
  'PUT /api/admin/depositors/{id}': () => ({ code: 'WALK', label: 'walk' }),
  'PUT /api/admin/users/{uuid}': () => ({ login: 'walk', email: 'walk@test.example' }),
};

/**
 * Operations whose body names objects by id (found by field name in the OpenAPI schemas): how to
 * aim them at another party's objects, and what must come back. `refused`: 4xx other than 400 for
 * another's object (404/403), or 400 for a scope member the caller may not choose; `noEffect`:
 * any answer but 5xx, as long as it shows nothing foreign and changes nothing (checked at the end).
 */
const BODY_CASES: Record<
  string,
  { values?: (own: Ids) => Record<string, string>; body: (foreign: Ids, a: Attacker) => unknown; expect: 'refused' | 'noEffect' }
> = {
  'PUT /api/dashtower/orders/status/await_shipment_printed': { body: (f) => ({ orders: f.shipment.slice(0, 1) }), expect: 'refused' },
  'POST /api/dashboard/list': { body: (f) => ({ items: [{ uuid: f.tile[0], width: 1, height: 1, x: 0 }] }), expect: 'refused' },
  'POST /api/dashboard/profiles': { body: (f) => ({ copyOf: Number(f.dashboardProfile[0]) }), expect: 'refused' },
  'POST /api/tracerroute/pods/zip': { body: (f) => ({ ids: f.order.map(Number) }), expect: 'noEffect' },
  'POST /api/tracerroute/delivered': { body: (f) => ({ ids: f.order.map(Number), at: hourAgo() }), expect: 'noEffect' },
  'PUT /api/admin/users/{uuid}/access': {
    values: (own) => ({ uuid: own.user[0] }),
    body: (_, a) => ({ depositors: [a.foreignDepositor], activities: a.foreignActivityIds, stores: a.foreignStoreIds }),
    expect: 'refused',
  },
  'PUT /api/user/{uuid}/filters': {
    values: (own) => ({ uuid: own.user[0] }),
    body: (_, a) => ({ depositors: [a.foreignDepositor], activities: a.foreignActivityIds, stores: a.foreignStoreIds }),
    expect: 'refused',
  },
  'POST /api/fever/zones': {
    body: (_, a) => ({ depositorId: a.foreignDepositor, platformId: 12, code: 'WALK', label: 'walk' }),
    expect: 'refused',
  },
  'POST /api/admin/activities': {
    body: (_, a) => ({ depositorId: a.foreignDepositor, code: 'WALK', label: 'walk' }),
    expect: 'refused',
  },
  'POST /api/admin/stores': { body: (_, a) => ({ depositorId: a.foreignDepositor, code: 'WALK', label: 'walk' }), expect: 'refused' },
  // A webhook endpoint for another depositor: refused (never made), whoever asks (webhooks.test.ts checks the creator's reach).
  'POST /api/settings/webhooks': {
    body: (_, a) => ({ url: 'https://hooks.example.org/walk', depositorIds: [a.foreignDepositor], eventTypes: ['order.status_changed'] }),
    expect: 'refused',
  },
  'PUT /api/settings/webhooks/{id}': {
    values: () => ({ id: '00000000-0000-4000-8000-000000000000' }),
    body: (_, a) => ({ url: 'https://hooks.example.org/walk', depositorIds: [a.foreignDepositor], eventTypes: ['order.status_changed'] }),
    expect: 'refused',
  },
  // A client API key for another depositor: refused (never made), whoever asks (api-keys.test.ts checks the creator's reach).
  'POST /api/settings/api-keys': {
    body: (_, a) => ({ name: 'walk', depositorIds: [a.foreignDepositor], platformIds: [], rights: ['orders'] }),
    expect: 'refused',
  },
  'POST /api/fever/plans': { body: (_, a) => ({ depositorId: a.foreignDepositor, platformId: 12, name: 'walk' }), expect: 'refused' },
  'POST /api/fever/probes': {
    body: (f) => ({ mac: '02:00:00:00:99:99', label: 'walk', zoneId: Number(f.feverZone[0]) }),
    expect: 'refused',
  },
  'PUT /api/fever/probes/{id}': {
    values: (own) => ({ id: own.feverProbe[0] }),
    body: (f) => ({ label: 'walk', zoneId: Number(f.feverZone[0]) }),
    expect: 'refused',
  },
  'PUT /api/fever/probes/{id}/place': {
    values: (own) => ({ id: own.feverProbe[0] }),
    body: (f) => ({ planId: Number(f.feverPlan[0]), x: 0.5, y: 0.5 }),
    expect: 'refused',
  },
};

/** GETs not walked as lists, and why. */
const NOT_LISTS: Record<string, string> = {
  '/api/user/token/check': 'replaces the session token; answers no business data',
  '/api/health': 'public; no business data',
  '/api/live': "a stream that stays open; live.test.ts checks bob's carries no DEMO-A row",
};

interface Attacker {
  login: string;
  email: string;
  depositorId: number;
  /** The other depositor whose ids it is tried with, and whose filter it names. */
  foreignDepositor: number;
  foreignDepositorCode: string;
  /** Back office ids of activities and stores outside its scope (for the filter cases); none when not limited. */
  foreignActivityIds: number[];
  foreignStoreIds: number[];
  /** Activity and store codes outside its scope, named in list filters. */
  foreignActivityCodes: string[];
  foreignStoreCodes: string[];
  /** Object groups it must not see. */
  foreignGroups: Group[];
  /** The group of its own objects (positive control: those it does see). */
  ownGroup: Group;
  foreign: Foreign;
}

/** A caller limited to some activities and stores: the codes it may see, and those (with their ids) it may not. */
interface ScopeLimits {
  inside: { activityCodes: string[]; storeCodes: string[] };
  outside: { activityIds: number[]; storeIds: number[]; activityCodes: string[]; storeCodes: string[] };
}

function attacker(login: string, email: string, depositorId: number, limits?: ScopeLimits): Attacker {
  const others = [1, 2, 3].filter((d) => d !== depositorId);
  const otherDepositorGroups: Group[] = depositorId === 1 ? ['b'] : ['aIn', 'aOut'];
  // aOut is DEMO-A's, outside the activity and store a limited DEMO-A user has.
  const foreignGroups: Group[] = [...otherDepositorGroups, 'user', ...(limits && depositorId === 1 ? (['aOut'] as Group[]) : [])];
  return {
    login,
    email,
    depositorId,
    foreignDepositor: others[0],
    foreignDepositorCode: DEPOSITOR_CODES[others[0]],
    foreignActivityIds: limits?.outside.activityIds ?? [],
    foreignStoreIds: limits?.outside.storeIds ?? [],
    foreignActivityCodes: limits?.outside.activityCodes ?? [],
    foreignStoreCodes: limits?.outside.storeCodes ?? [],
    foreignGroups,
    ownGroup: depositorId === 1 ? 'aIn' : 'b',
    foreign: {
      depositorIds: others,
      depositorCodes: others.map((d) => DEPOSITOR_CODES[d]),
      markers: foreignGroups.map((g) => MARK[g]),
      activityCodes: limits?.inside.activityCodes,
      storeCodes: limits?.inside.storeCodes,
    },
  };
}

/** The back-office areas on depositors' data, for a depositor's own administrator (iso-admin-b): DEMO-B's only. */
const DEPOSITOR_ADMIN_ROLES = [Role.ADMIN_DEPOSITOR, Role.ADMIN_LIST, Role.ADMIN_TEMPLATE, Role.ADMIN_LOGS, Role.ADMIN_USERS];

const ATTACKERS: Attacker[] = [
  attacker('bob', 'bob.durand@demo-b.example', 2),
  attacker('iso-b', 'iso-b@test.example', 2),
  attacker('iso-admin-b', 'iso-admin-b@test.example', 2),
];

/**
 * ↓ Extension point: the activity and store cases. denis (demo) is limited to DEMO-A's activity
 * ECOM (3) and store MAG-MLV1 (2): DEMO-A's objects of activity B2B (1) and store MAG-LYS1 (1),
 * group aOut, are foreign to him as much as DEMO-B's. Add a caller here for a new scope dimension.
 */
const SCOPE_ATTACKERS: Attacker[] = [
  attacker('denis', 'denis.moreau@demo-a.example', 1, {
    inside: { activityCodes: ['ECOM'], storeCodes: ['MAG-MLV1'] },
    outside: { activityIds: [1, 2], storeIds: [1, 3], activityCodes: ['B2B', 'B2C'], storeCodes: ['MAG-LYS1', 'ADR-FOS1'] },
  }),
];

describe('isolation API: another depositor, activity, store or user', () => {
  let target: ApiTarget;
  let doc: OpenApiDocument;
  let operations: Operation[];
  let admin: Client;
  let alice: Client;
  const sessions = new Map<string, Client>();
  let parties: Parties;
  let before: Record<string, unknown>;
  const call = (client: Client, method: string, path: string, body?: unknown): Promise<Answer> =>
    callAs(target, client, method, path, body);

  beforeAll(async () => {
    target = await startTarget({ shared: true });
    doc = (await request(target.url).get('/api/docs-json').expect(200)).body as OpenApiDocument;
    operations = operationsOf(doc);
    await addUser(target, {
      login: 'iso-b',
      roles: ALL_ROLES.filter((r) => r !== Role.ADMIN && !r.startsWith('ADMIN_')),
      depositorIds: [2],
    });
    await addUser(target, {
      login: 'iso-admin-b',
      roles: [...ALL_ROLES.filter((r) => r !== Role.ADMIN && !r.startsWith('ADMIN_')), ...DEPOSITOR_ADMIN_ROLES],
      depositorIds: [2],
    });
    admin = await loginAs(target, 'admin');
    alice = await loginAs(target, 'alice');
    for (const a of [...ATTACKERS, ...SCOPE_ATTACKERS]) sessions.set(a.login, await loginAs(target, a.login));
    parties = new Parties(target, admin, alice);
    await parties.setUp();
    before = await parties.ownersView();
  }, 180_000);
  afterAll(() => target?.close(), 90_000);

  /** The ids of the groups foreign to `a`, per kind (alice's objects are foreign to every caller). */
  const foreignIds = (a: Attacker): Ids => {
    const all = emptyIds();
    for (const g of a.foreignGroups) for (const kind of Object.keys(all) as ObjectKind[]) all[kind].push(...parties.ids[g][kind]);
    return all;
  };
  const ownIds = (a: Attacker): Ids => ({ ...parties.ids[a.ownGroup], user: [sessions.get(a.login)!.user.uuid] });

  it('knows what every path parameter and every id field of a body names (add new ones to PARAMS or BODY_CASES)', () => {
    const unknownParams = operations.flatMap((op) =>
      op.pathParams.filter((p) => !PARAMS[p.key]).map((p) => `${op.method.toUpperCase()} ${op.path}: ${p.key}`),
    );
    expect(unknownParams).toEqual([]);
    const unknownBodies = operations
      .filter((op) => op.bearer && idFieldsOf(doc, op.body).length && !BODY_CASES[`${op.method.toUpperCase()} ${op.path}`])
      .map((op) => `${op.method.toUpperCase()} ${op.path}: ${idFieldsOf(doc, op.body).join(', ')}`);
    expect(unknownBodies).toEqual([]);
    expect(Object.keys(BODY_CASES).filter((k) => !operations.some((op) => `${op.method.toUpperCase()} ${op.path}` === k))).toEqual([]);
  });

  it('has objects on both sides of every boundary, and each caller sees its own (else a 404 would prove nothing)', async () => {
    for (const a of ATTACKERS) await seesItsOwn(a);
  });

  it('recognises another party’s data in JSON and in text answers (the walk’s checker is no no-op)', () => {
    const [bob] = ATTACKERS;
    expect(tracesOf({ rows: [{ depositorId: 2 }, { depositorId: 1 }] }, bob.foreign)).toEqual(['$.rows[1].depositorId = 1']);
    expect(tracesOf([{ depositor_code: 'DEMO-A' }], bob.foreign)).toHaveLength(2);
    expect(tracesOf({ depositorIds: [2, 3] }, bob.foreign)).toEqual(['$.depositorIds = 3']);
    expect(tracesOf(`Déposant;Commande\nDEMO-A;${MARK.aIn}1\n`, bob.foreign)).toHaveLength(2);
    expect(tracesOf(`Déposant;Commande\nDEMO-B;${MARK.b}1\nDEMO-AB;x\n`, bob.foreign)).toEqual([]);
    const [denis] = SCOPE_ATTACKERS;
    expect(tracesOf([{ depositorId: 1, activityCode: 'ECOM', storeCode: 'MAG-MLV1' }], denis.foreign)).toEqual([]);
    expect(tracesOf([{ depositorId: 1, activityCode: 'B2B', storeCode: 'MAG-LYS1' }], denis.foreign)).toHaveLength(2);
  });

  describe.each(ATTACKERS.map((a) => [a.login, a] as const))('%s', (_, a) => walk(a));

  describe('activity and store scope', () => {
    it('has the cases ready: objects outside the activity and the store of a limited user', async () => {
      const [denis] = SCOPE_ATTACKERS;
      expect(denis.foreignGroups).toEqual(['b', 'user', 'aOut']);
      expect(await call(admin, 'GET', `/api/orders/${parties.ids.aOut.order[0]}`)).toMatchObject({
        status: 200,
        body: { depositorCode: 'DEMO-A', activityCode: 'B2B' },
      });
      const movements = await admin.get(`/api/movements?filter=${q({ reference: `${MARK.aOut}-00001` })}`).expect(200);
      expect(movements.body).toMatchObject([{ depositorId: 1, details: { storeCode: 'MAG-LYS1' } }]);
      const filters = (await admin.get(`/api/user/${sessions.get('denis')!.user.uuid}/filters`).expect(200)).body as unknown;
      expect(JSON.stringify(filters)).toMatch(/ECOM|MAG-MLV1|"id":3/);
    });

    describe.each(SCOPE_ATTACKERS.map((a) => [a.login, a] as const))('%s', (_, a) => {
      it('sees its own objects', () => seesItsOwn(a));
      walk(a);
    });
  });

  describe('afterwards', () => {
    it('left every object the walk aimed at as its owners had it', async () => {
      expect(await parties.ownersView()).toEqual(before);
    });
  });

  async function seesItsOwn(a: Attacker): Promise<void> {
    const client = sessions.get(a.login)!;
    const own = ownIds(a);
    for (const path of [`/api/orders/${own.order[0]}`, `/api/stock/${own.stockLine[0]}`, `/api/movements/${own.movement[0]}`]) {
      expect([a.login, path, (await call(client, 'GET', path)).status]).toEqual([a.login, path, 200]);
    }
  }

  /** The two cases of one caller: paths with ids, then lists and exports. */
  function walk(a: Attacker): void {
    it('answers 404, or 403 for a right it lacks, to every path with an id it may not reach, and leaks nothing', async () => {
      const client = sessions.get(a.login)!;
      const foreign = foreignIds(a);
      const own = ownIds(a);
      const failures: string[] = [];
      let tried = 0;
      for (const op of operations.filter((o) => o.bearer && o.pathParams.some((p) => 'owned' in PARAMS[p.key]))) {
        const name = `${op.method.toUpperCase()} ${op.path}`;
        for (const values of variants(op, foreign, own)) {
          const path = fillPath(op.path, values);
          const body =
            op.method === 'get' || op.method === 'delete' ? undefined : (BODIES[name]?.() ?? (op.body ? sampleOf(doc, op.body) : {}));
          const answer = await call(client, op.method.toUpperCase(), path, body);
          tried++;
          const refused =
            (answer.status === 404 && /NotFound$/.test(answer.key ?? '')) || (answer.status === 403 && answer.key === 'permissionDenied');
          if (!refused) {
            const hint = answer.status === 400 ? ' (add a valid body to BODIES so the walk reaches the ownership check)' : '';
            failures.push(`${name} as ${path}: ${answer.status} ${answer.key ?? ''}${hint}`);
          }
          leaks(failures, `${name} as ${path}`, answer.body, a.foreign);
        }
      }
      for (const [name, rule] of Object.entries(BODY_CASES)) {
        const [method, template] = name.split(' ');
        const path = fillPath(template, rule.values?.(own) ?? {});
        const answer = await call(client, method, path, rule.body(foreign, a));
        tried++;
        const ok = rule.expect === 'refused' ? answer.status >= 400 && answer.status < 500 : answer.status < 500;
        if (!ok) failures.push(`${name} with others' ids in the body: ${answer.status} ${answer.key ?? ''}`);
        leaks(failures, `${name} with others' ids in the body`, answer.body, a.foreign);
      }
      expect(failures).toEqual([]);
      expect(tried).toBeGreaterThan(20);
    });

    it('lists and exports no row it may not see, whatever depositor, activity, store or reference the filter names', async () => {
      const client = sessions.get(a.login)!;
      const failures: string[] = [];
      let lists = 0;
      for (const op of operations.filter(
        (o) => o.bearer && o.method === 'get' && !NOT_LISTS[o.path] && !o.pathParams.some((p) => 'owned' in PARAMS[p.key]),
      )) {
        for (const values of neutralValues(op)) {
          for (const query of listQueries(op, a)) {
            const path = `${fillPath(op.path, values)}${query}`;
            const sent = Date.now();
            let answer = await call(client, 'GET', path);
            if (answer.status === 202) answer = await mailedExport(client, a, sent);
            if (answer.status >= 500) failures.push(`GET ${path}: ${answer.status} ${answer.key ?? ''}`);
            leaks(failures, `GET ${path}`, answer.body, a.foreign);
          }
          lists++;
        }
      }
      expect(failures).toEqual([]);
      expect(lists).toBeGreaterThan(10);
    }, 90_000); // every list and export of the document, each with every foreign filter value: claims made it pass 30 s
  }

  /** Notes what of `foreign` shows in an answer (the first few places, and how many). */
  function leaks(failures: string[], what: string, answer: unknown, foreign: Foreign): void {
    const traces = tracesOf(answer, foreign);
    if (traces.length)
      failures.push(`${what}: ${traces.slice(0, 3).join('; ')}${traces.length > 3 ? ` (+${traces.length - 3} more)` : ''}`);
  }

  /** Each owned parameter in turn takes each foreign id, the others an id of the caller's own (or a foreign one when it has none). */
  function variants(op: Operation, foreign: Ids, own: Ids): Record<string, string>[] {
    const base: Record<string, string> = {};
    for (const p of op.pathParams) {
      const rule = PARAMS[p.key];
      base[p.name] = 'owned' in rule ? (own[rule.owned][0] ?? foreign[rule.owned][0]) : rule.neutral[0];
    }
    const out: Record<string, string>[] = [];
    for (const p of op.pathParams) {
      const rule = PARAMS[p.key];
      if (!('owned' in rule)) continue;
      if (!foreign[rule.owned].length)
        throw new Error(`no foreign ${rule.owned} to try ${op.path} with: add one to Parties (support/isolation-parties.ts)`);
      for (const id of foreign[rule.owned]) out.push({ ...base, [p.name]: id });
    }
    // Every owned parameter foreign at once, too (a document of a foreign order under that order).
    const allForeign = { ...base };
    for (const p of op.pathParams) {
      const rule = PARAMS[p.key];
      if ('owned' in rule) allForeign[p.name] = foreign[rule.owned][0];
    }
    out.push(allForeign);
    return out.filter((v, i) => out.findIndex((w) => JSON.stringify(w) === JSON.stringify(v)) === i);
  }

  function neutralValues(op: Operation): Record<string, string>[] {
    let out: Record<string, string>[] = [{}];
    for (const p of op.pathParams) {
      const rule = PARAMS[p.key];
      if ('neutral' in rule) out = out.flatMap((v) => rule.neutral.map((n) => ({ ...v, [p.name]: n })));
    }
    return out;
  }

  /** Query strings naming what `a` may not see: depositors (the stock and the tracker shapes), activities, stores, others' references. */
  function listQueries(op: Operation, a: Attacker): string[] {
    const filters: unknown[] = [
      { depositor: a.foreignDepositor },
      { depositor: [a.foreignDepositor] },
      { depositorId: a.foreignDepositor },
      { depositorIds: [a.foreignDepositor] },
      { depositor_id: a.foreignDepositor },
      { depositorCode: a.foreignDepositorCode },
      { depositor: a.foreignDepositorCode },
      ...a.foreignGroups.flatMap((g) => [{ q: MARK[g] }, { reference: MARK[g] }, { serial: `SN${MARK[g]}` }, { lot: `LOT${MARK[g]}` }]),
      ...a.foreignActivityCodes.flatMap((code) => [
        { activity: code },
        { activityCode: code },
        { depositor: a.depositorId, activity: [code] },
      ]),
      ...a.foreignActivityIds.flatMap((id) => [{ activityId: id }, { activities: [id] }]),
      ...a.foreignStoreCodes.flatMap((code) => [{ store: code }, { storeCode: code }, { depositor: a.depositorId, store: [code] }]),
      ...a.foreignStoreIds.flatMap((id) => [{ storeId: id }, { stores: [id] }]),
    ];
    const extra = [
      ...(op.queryParams.includes('format') ? ['format=csv'] : []),
      ...op.queryParams.filter((p) => /depositor/i.test(p)).map((p) => `${p}=${a.foreignDepositor}`),
      ...op.queryParams.filter((p) => /^activit/i.test(p) && a.foreignActivityIds.length).map((p) => `${p}=${a.foreignActivityIds[0]}`),
      ...op.queryParams.filter((p) => /^store/i.test(p) && a.foreignStoreIds.length).map((p) => `${p}=${a.foreignStoreIds[0]}`),
    ];
    const plain = extra.length ? `?${extra.join('&')}` : '';
    if (!op.queryParams.includes('filter')) return [plain, ...(extra.length ? [''] : [])];
    return [plain, ...filters.map((f) => `?${[...extra, `filter=${q(f)}`].join('&')}`)];
  }

  /** A list answered 202 goes on in the background: the mailed file is what to check. */
  async function mailedExport(client: Client, a: Attacker, since: number): Promise<Answer> {
    const mail = await waitForMail(target.mailbox, a.email, {
      since,
      match: (m) => EXPORT_LINK.test(m.text),
      timeoutMs: 60_000,
    });
    return call(client, 'GET', `/api/exports/${EXPORT_LINK.exec(mail.text)![1]}`);
  }
});
