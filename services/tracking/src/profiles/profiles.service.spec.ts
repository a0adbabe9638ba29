import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TrackingSubjects, type SearchProfileDto } from '@portal/contracts';
import { startServices, type ServiceHarness } from '@portal/testing';
import { A, B, userOf } from '../../test/fixtures';
import { TrackingServiceModule } from '../tracking.module';

describe('shared search profiles', () => {
  let h: ServiceHarness;
  const author = userOf([A], undefined, 41);
  const coworker = userOf([A], undefined, 42);
  const other = userOf([B], undefined, 43);
  const list = (ctx = author) => h.call<SearchProfileDto[]>(TrackingSubjects.profilesList, ctx);
  const save = (ctx: ReturnType<typeof userOf>, data: object) => h.call<SearchProfileDto>(TrackingSubjects.profileSave, ctx, data);

  beforeAll(async () => {
    h = await startServices([TrackingServiceModule]);
  });
  afterAll(() => h.close());

  it('saves a search, shares it with coworkers of the same depositors only', async () => {
    const saved = await save(author, {
      name: 'Lyon en retard',
      filter: { town: 'LYON', tracerStatus: 'LATE', cursor: 'x' },
      shared: true,
      isDefault: true,
    });
    expect(saved).toMatchObject({
      name: 'Lyon en retard',
      filter: { town: 'LYON', tracerStatus: 'LATE' },
      shared: true,
      isDefault: true,
      mine: true,
      depositorIds: [A],
    });
    expect(saved.filter).not.toHaveProperty('cursor');
    expect((await list(coworker)).map((p) => [p.name, p.mine, p.isDefault])).toEqual([['Lyon en retard', false, false]]);
    expect(await list(other)).toEqual([]);
  });

  it('keeps one default profile per user, and private profiles private', async () => {
    await save(author, { name: 'Mes anomalies', filter: { status: 97 }, isDefault: true });
    expect((await list()).map((p) => [p.name, p.isDefault])).toEqual([
      ['Mes anomalies', true],
      ['Lyon en retard', false],
    ]);
    expect((await list(coworker)).map((p) => p.name)).toEqual(['Lyon en retard']);
  });

  it('lets only the author change or delete a profile', async () => {
    const [shared] = (await list(coworker)).filter((p) => p.name === 'Lyon en retard');
    await expect(save(coworker, { id: shared.id, name: 'Pris', filter: {} })).rejects.toMatchObject({ key: 'profileNotFound' });
    await expect(h.call(TrackingSubjects.profileDelete, coworker, { id: shared.id })).rejects.toMatchObject({ key: 'profileNotFound' });
    await save(author, { id: shared.id, name: 'Lyon (privé)', filter: { town: 'LYON' }, shared: false });
    expect(await list(coworker)).toEqual([]);
    await h.call(TrackingSubjects.profileDelete, author, { id: shared.id });
    expect((await list()).map((p) => p.name)).toEqual(['Mes anomalies']);
  });

  it('checks the saved filter like a search', async () => {
    await expect(save(author, { name: '', filter: {} })).rejects.toMatchObject({ key: 'validationFailed', fields: { name: 'required' } });
    await expect(save(author, { name: 'x', filter: { dateFrom: 'demain' } })).rejects.toMatchObject({ key: 'invalidDate' });
    await expect(save(userOf([], undefined, 44), { name: 'x', filter: {}, shared: true })).rejects.toMatchObject({
      fields: { shared: 'invalidFormat' },
    });
  });

  it('shares a profile that names its depositors with their coworkers, and no further', async () => {
    const both = userOf([A, B], undefined, 45);
    const saved = await save(both, { name: 'Livrées DEMO-B', filter: { depositor: [B], status: 100 }, shared: true });
    expect(saved.depositorIds).toEqual([B]);
    expect((await list(other)).map((p) => [p.name, p.mine])).toEqual([['Livrées DEMO-B', false]]);
    expect((await list(coworker)).map((p) => p.name)).not.toContain('Livrées DEMO-B');
    // Without a depositor in its filter, a profile is for coworkers who see all its author's depositors.
    await save(both, { name: 'Tout', filter: { status: 100 }, shared: true });
    expect((await list(other)).map((p) => p.name)).toEqual(['Livrées DEMO-B']);
    await expect(save(other, { name: 'Intrus', filter: { depositor: A }, shared: true })).rejects.toMatchObject({
      key: 'validationFailed',
      fields: { depositor: 'invalidFormat' },
    });
  });
});
