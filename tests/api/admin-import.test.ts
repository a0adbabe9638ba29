import request from 'supertest';
import { Role, type ImportLineDto, type ImportSimulationDto } from '@portal/contracts';
import { loginAs, startTarget, type ApiTarget } from './support/target';
import { addUser } from './support/users';

/**
 * The back office's data import through the gateway (issue 18 item 3): depositors (ADMIN_DEPOSITOR)
 * and addresses (ADMIN_DASHTOWER_USER or USER_IMPORT_ALL) simulated line by line, refused without
 * force when a line is refused, imported with force, created then updated by their natural key;
 * the header row checked; another depositor's codes refused per line; rights per kind.
 */
describe('Admin data import API', () => {
  let target: ApiTarget;
  let depositorAdmin: Awaited<ReturnType<typeof loginAs>>;
  let dashtowerAdmin: Awaited<ReturnType<typeof loginAs>>;
  let otherImporter: Awaited<ReturnType<typeof loginAs>>;
  let noRight: Awaited<ReturnType<typeof loginAs>>;
  let usersAdmin: Awaited<ReturnType<typeof loginAs>>;
  let depositorUsersAdmin: Awaited<ReturnType<typeof loginAs>>;
  let adminOfA: Awaited<ReturnType<typeof loginAs>>;
  const run = Date.now().toString(36).toUpperCase();

  beforeAll(async () => {
    target = await startTarget();
    // The provider's administrator of depositors (no depositor of their own: every depositor).
    await addUser(target, { login: 'dimp-dep', roles: [Role.ADMIN_DEPOSITOR], depositorIds: [] });
    await addUser(target, { login: 'dimp-dep-a', roles: [Role.ADMIN_DEPOSITOR], depositorIds: [1] });
    await addUser(target, { login: 'dimp-dt', roles: [Role.ADMIN_DASHTOWER_USER, Role.DASHTOWER_USER], depositorIds: [1] });
    await addUser(target, { login: 'dimp-all-b', roles: [Role.USER_IMPORT_ALL, Role.DASHTOWER_USER], depositorIds: [2] });
    await addUser(target, { login: 'dimp-none', roles: [Role.DASHTOWER_USER, Role.USER_IMPORT_HUBY], depositorIds: [1] });
    await addUser(target, { login: 'dimp-users', roles: [Role.ADMIN_USERS], depositorIds: [] });
    await addUser(target, { login: 'dimp-users-a', roles: [Role.ADMIN_USERS, Role.PGT_USER], depositorIds: [1] });
    usersAdmin = await loginAs(target, 'dimp-users');
    depositorUsersAdmin = await loginAs(target, 'dimp-users-a');
    depositorAdmin = await loginAs(target, 'dimp-dep');
    adminOfA = await loginAs(target, 'dimp-dep-a');
    dashtowerAdmin = await loginAs(target, 'dimp-dt');
    otherImporter = await loginAs(target, 'dimp-all-b');
    noRight = await loginAs(target, 'dimp-none');
  }, 90000);
  afterAll(() => target?.close());

  type Who = typeof depositorAdmin;
  const base = (kind: string) => `/api/admin/imports/${kind}`;
  const upload = (who: Who, kind: string, body: string | Buffer) =>
    request(target.url)
      .post(`${base(kind)}/simulations?name=${kind}.csv`)
      .set({ Authorization: `Bearer ${who.token}`, 'Content-Type': 'text/csv' })
      .send(body);
  async function until(who: Who, kind: string, id: string, state: 'reading' | 'importing'): Promise<ImportSimulationDto> {
    for (let i = 0; i < 300; i++) {
      const s = (await who.get(`${base(kind)}/simulations/${id}`).expect(200)).body as ImportSimulationDto;
      if (s.state !== state) return s;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`simulation ${id} still ${state}`);
  }
  const simulated = async (who: Who, kind: string, file: string) =>
    until(who, kind, ((await upload(who, kind, file).expect(201)).body as ImportSimulationDto).id, 'reading');
  const imported = async (who: Who, kind: string, id: string, force: boolean) => {
    await who.post(`${base(kind)}/simulations/${id}/import`, { force }).expect(200);
    return until(who, kind, id, 'importing');
  };
  const lines = async (who: Who, kind: string, id: string) =>
    ((await who.get(`${base(kind)}/simulations/${id}/lines?limit=100`).expect(200)).body as { lines: ImportLineDto[] }).lines;
  const depositorsNamed = async (code: string) =>
    (await depositorAdmin.get(`/api/admin/depositors?filter=${encodeURIComponent(JSON.stringify({ q: code }))}`).expect(200)).body as {
      code: string;
    }[];

  it('writes a sample file of each kind from its columns', async () => {
    const csv = await depositorAdmin.get(`${base('depositors')}/sample/csv`).expect(200);
    expect(csv.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('code;label;action_delay_on_address');
    const xlsx = await dashtowerAdmin
      .get(`${base('addresses')}/sample/xlsx`)
      .responseType('blob')
      .expect(200);
    expect((xlsx.body as Buffer).subarray(0, 2).toString()).toBe('PK');
    await depositorAdmin.get(`${base('nothing')}/sample/csv`).expect(404);
    // Written with the caller's own depositor, never another's code.
    const own = async (who: Who) => (await who.get(`${base('addresses')}/sample/csv`).expect(200)).text.split('\r\n')[1].split(';')[0];
    expect(await own(dashtowerAdmin)).toBe('DEMO-A');
    expect(await own(otherImporter)).toBe('DEMO-B');
  });

  it('imports depositors: refused lines block the import without force, create then update by code', async () => {
    const file = [
      'code;label;action_delay_on_address',
      `IMP-${run};Importé ${run};15`,
      'bad code!;Mauvais;',
      '',
      `IMP-${run}-2;Deux;7;extra`,
      `imp-${run};Doublon;3`,
    ].join('\n');
    const s = await simulated(depositorAdmin, 'depositors', file);
    expect(s).toMatchObject({ state: 'simulated', orders: 1, counts: { header: 1, create: 1, refused: 3, ignored: 1 } });
    const byLine = Object.fromEntries((await lines(depositorAdmin, 'depositors', s.id)).map((l) => [l.line, l]));
    expect(byLine[2]).toMatchObject({ status: 'create', reference: `IMP-${run}` });
    expect(byLine[3]).toMatchObject({ status: 'refused', key: 'importWriteFailed', params: { column: 'code', reason: 'invalidFormat' } });
    expect(byLine[4]).toMatchObject({ status: 'ignored', key: 'importEmptyLine' });
    expect(byLine[5]).toMatchObject({ status: 'refused', key: 'importElementCount', params: { expected: 3, found: 4 } });
    expect(byLine[6]).toMatchObject({ status: 'refused', params: { reason: 'duplicateInFile' } });

    const refused = await depositorAdmin.post(`${base('depositors')}/simulations/${s.id}/import`, {}).expect(409);
    expect(refused.body.error).toMatchObject({ key: 'importHasRefusedLines', params: { refused: 3 } });
    expect(await depositorsNamed(`IMP-${run}`)).toEqual([]);
    const done = await imported(depositorAdmin, 'depositors', s.id, true);
    expect(done).toMatchObject({ state: 'imported', counts: { imported: 1, refused: 3 } });
    const again409 = await depositorAdmin.post(`${base('depositors')}/simulations/${s.id}/import`, { force: true }).expect(409);
    expect(again409.body.error.key).toBe('importNotReady');
    expect(await depositorsNamed(`IMP-${run}`)).toEqual([
      expect.objectContaining({ code: `IMP-${run}`, label: `Importé ${run}`, action_delay_on_address: 15 }),
    ]);

    const again = await simulated(depositorAdmin, 'depositors', `code;label;action_delay_on_address\nIMP-${run};Renommé;\n`);
    expect(again.counts).toMatchObject({ update: 1 });
    expect(await imported(depositorAdmin, 'depositors', again.id, false)).toMatchObject({ counts: { imported: 1 } });
    expect(await depositorsNamed(`IMP-${run}`)).toEqual([expect.objectContaining({ label: 'Renommé', action_delay_on_address: null })]);
  }, 60000);

  it('lets DEMO-A’s own administrator import DEMO-A only: another depositor’s code or a new one is refused per line', async () => {
    const label = (await depositorsNamed('DEMO-A'))[0] as unknown as { label: string };
    const file = ['code;label;action_delay_on_address', `DEMO-A;${label.label};`, 'DEMO-B;Prise;', `NEW-${run};Nouveau;`].join('\n');
    const s = await simulated(adminOfA, 'depositors', file);
    const byLine = Object.fromEntries((await lines(adminOfA, 'depositors', s.id)).map((l) => [l.line, l]));
    expect(byLine[2]).toMatchObject({ status: 'update', reference: 'DEMO-A' });
    for (const [line, code] of [
      [3, 'DEMO-B'],
      [4, `NEW-${run}`],
    ] as const)
      expect(byLine[line]).toMatchObject({ status: 'refused', key: 'importCodeNotAuthorized', params: { column: 'code', code } });
    expect(await imported(adminOfA, 'depositors', s.id, true)).toMatchObject({ state: 'imported', counts: { imported: 1, refused: 2 } });
    expect(await depositorsNamed('DEMO-B')).toEqual([
      expect.objectContaining({ code: 'DEMO-B', label: expect.not.stringMatching('Prise') }),
    ]);
    expect(await depositorsNamed(`NEW-${run}`)).toEqual([]);
  });

  it('refuses a file whose header row does not name the columns, and hostile files, with a key', async () => {
    const wrong = await simulated(depositorAdmin, 'depositors', 'code;name;delay\nX;Y;1\n');
    expect(wrong).toMatchObject({ state: 'failed', error: { key: 'importHeaderMismatch', params: { column: 'name' } } });
    const broken = await upload(depositorAdmin, 'depositors', Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64, 7)])).expect(
      201,
    );
    expect(await until(depositorAdmin, 'depositors', broken.body.id, 'reading')).toMatchObject({
      state: 'failed',
      error: { key: 'cannotReadFile' },
    });
    const nul = await simulated(depositorAdmin, 'depositors', `code;label;action_delay_on_address\nNUL-${run};a\u0000b;\n`);
    expect(nul.counts).toMatchObject({ refused: 1 });
    const empty = await upload(depositorAdmin, 'depositors', '').expect(400);
    expect(empty.body.error.key).toBe('cannotReadFile');
  }, 60000);

  it('imports addresses into the caller’s depositor; another depositor’s code is refused per line', async () => {
    const header = 'depositor_code;book;code;company_name;contact_name;address1;address2;zip;town;country;phone;mobile;email;address_type';
    const file = [
      header,
      `DEMO-A;RECIPIENT;ADR-${run};Boulangerie ${run};;1 rue;;69002;Lyon;FR;0478000000;;;B2B`,
      `DEMO-B;RECIPIENT;ADR-${run};Étranger;;1 rue;;69002;Lyon;FR;0478000000;;;B2B`,
      `DEMO-A;SHIPPER;ADR-${run}-S;Quai;;2 rue;;69003;Lyon;FR;;;;B2B`,
      `DEMO-A;RECIPIENT;ADR-${run}-M;Client;;2 rue;;69003;Lyon;FR;0478000000;;pas-un-mail;B2C`,
    ].join('\n');
    const s = await simulated(dashtowerAdmin, 'addresses', file);
    const byLine = Object.fromEntries((await lines(dashtowerAdmin, 'addresses', s.id)).map((l) => [l.line, l]));
    expect(byLine[2]).toMatchObject({ status: 'create', reference: `DEMO-A/recipient/ADR-${run}` });
    expect(byLine[3]).toMatchObject({
      status: 'refused',
      key: 'importCodeNotAuthorized',
      params: { column: 'depositor_code', code: 'DEMO-B' },
    });
    expect(byLine[4]).toMatchObject({ status: 'refused', key: 'importWriteFailed', params: { reason: 'phoneOrMobile' } });
    expect(byLine[5]).toMatchObject({ status: 'refused', key: 'importEmailFormat' });
    expect(await imported(dashtowerAdmin, 'addresses', s.id, true)).toMatchObject({ counts: { imported: 1, refused: 3 } });

    // The other depositor's importer sees neither the simulation nor DEMO-A's book.
    await otherImporter.get(`${base('addresses')}/simulations/${s.id}`).expect(404);
    const foreign = await simulated(
      otherImporter,
      'addresses',
      `${header}\nDEMO-A;RECIPIENT;ADR-${run};Pirate;;1 rue;;69002;Lyon;FR;0478000000;;;B2B\n`,
    );
    expect((await lines(otherImporter, 'addresses', foreign.id))[1]).toMatchObject({ status: 'refused', key: 'importCodeNotAuthorized' });

    const update = await simulated(
      dashtowerAdmin,
      'addresses',
      `${header}\nDEMO-A;RECIPIENT;ADR-${run};Boulangerie renommée;;1 rue;;69002;Lyon;FR;0478000000;;;B2B\n`,
    );
    expect(update.counts).toMatchObject({ update: 1 });
    expect(await imported(dashtowerAdmin, 'addresses', update.id, false)).toMatchObject({ counts: { imported: 1 } });
  }, 60000);

  it('imports users by login: created without a password column, updated, uniqueness and codes beyond the importer refused', async () => {
    const header = 'login;email;firstname;lastname;language;timezone;active;role_groups;depositor_codes;activity_codes;store_codes';
    const login = `imp-${run.toLowerCase()}`;
    const file = [
      header,
      `${login};${login}@test.example;Jeanne;Martin;fr;Europe/Paris;1;;DEMO-A;;`,
      `dimp-all-b;autre-${run}@test.example;X;Y;fr;;1;;DEMO-A;;`,
      `${login}-2;dimp-dep@test.example;X;Y;fr;;1;;DEMO-A;;`,
      `${login}-3;${login}-3@test.example;X;Y;fr;;1;;DEMO-B;;`,
      `${login}-4;pas-un-mail;X;Y;fr;;1;;DEMO-A;;`,
      `${login}-5;${login}-5@test.example;X;Y;fr;;1;NO-SUCH-GROUP;DEMO-A;;`,
    ].join('\n');
    // A depositor's own user administrator: DEMO-A's users only.
    const s = await simulated(depositorUsersAdmin, 'users', file);
    const byLine = Object.fromEntries((await lines(depositorUsersAdmin, 'users', s.id)).map((l) => [l.line, l]));
    expect(byLine[2]).toMatchObject({ key: null, params: null, status: 'create', reference: login });
    expect(byLine[3]).toMatchObject({
      status: 'refused',
      key: 'importWriteFailed',
      params: { column: 'login', reason: 'loginAlreadyExists' },
    });
    expect(byLine[4]).toMatchObject({
      status: 'refused',
      key: 'importWriteFailed',
      params: { column: 'email', reason: 'emailAlreadyExists' },
    });
    expect(byLine[5]).toMatchObject({
      status: 'refused',
      key: 'importCodeNotAuthorized',
      params: { column: 'depositor_codes', code: 'DEMO-B' },
    });
    expect(byLine[6]).toMatchObject({ status: 'refused', key: 'importEmailFormat' });
    expect(byLine[7]).toMatchObject({
      status: 'refused',
      key: 'importWriteFailed',
      params: { column: 'role_groups', reason: 'unknownCode' },
    });
    await depositorUsersAdmin.post(`${base('users')}/simulations/${s.id}/import`, {}).expect(409);
    expect(await imported(depositorUsersAdmin, 'users', s.id, true)).toMatchObject({ counts: { imported: 1, refused: 5 } });

    const found = (await usersAdmin.get(`/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ login }))}`).expect(200)).body as {
      login: string;
      depositors: number[];
      active: boolean;
      firstname: string;
    }[];
    expect(found).toEqual([expect.objectContaining({ login, depositors: [1], active: true, firstname: 'Jeanne' })]);

    // The provider's user administrator updates the same login: deactivated, renamed.
    const update = await simulated(usersAdmin, 'users', `${header}\n${login};${login}@test.example;Jeanne-Marie;Martin;fr;;0;;DEMO-A;;\n`);
    expect(update.counts).toMatchObject({ update: 1 });
    expect(await imported(usersAdmin, 'users', update.id, false)).toMatchObject({ counts: { imported: 1 } });
    const updated = (await usersAdmin.get(`/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ login }))}`).expect(200)).body;
    expect(updated).toEqual([expect.objectContaining({ firstname: 'Jeanne-Marie', active: false })]);
  }, 90000);

  it('guards each kind by its roles', async () => {
    await upload(depositorAdmin, 'users', 'x\n').expect(403);
    await upload(noRight, 'depositors', 'code;label;action_delay_on_address\n').expect(403);
    await upload(noRight, 'addresses', 'x\n').expect(403);
    await upload(dashtowerAdmin, 'depositors', 'code;label;action_delay_on_address\n').expect(403);
    await upload(depositorAdmin, 'addresses', 'x\n').expect(403);
    await noRight.get(`${base('depositors')}/sample/csv`).expect(403);
  });
});
