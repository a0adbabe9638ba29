import { afterEach, describe, expect, it, vi } from 'vitest';
import { Role, type DashboardProfilesDto } from '@portal/contracts';
import { CATALOGUE } from '../reports/fixtures';
import { createProfile, currentOf, deleteProfile, listProfiles, profileName, switchProfile, updateProfile } from './profilesApi';
import { tileChoices } from './tileChoices';
import { reportName, tileTitle } from './tileTitle';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const translate = (key: string, options?: Record<string, unknown>) =>
  key === 'dashboardProfiles.numbered'
    ? `Profil ${options?.number}`
    : key === 'dashboard.reportTitled'
      ? `${options?.id} — ${options?.title}`
      : key === 'dashboard.report'
        ? `Rapport n° ${options?.id}`
        : key;

const PROFILES: DashboardProfilesDto = {
  profiles: [
    { id: 7, number: 1, name: '', parent_id: null, master: false, current: false, tiles: 4 },
    { id: 9, number: 2, name: 'Transport', parent_id: 3, master: false, current: true, tiles: 2 },
  ],
  masters: [{ id: 3, number: 1, name: 'Pilotage', parent_id: null, master: true, current: false, tiles: 5 }],
};

describe('dashboard profiles in the web app (mocked API answers)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('calls the profile routes of libs/contracts dashboard-profiles', async () => {
    const fetch = vi.fn(async () => answer(200, PROFILES));
    vi.stubGlobal('fetch', fetch);
    await expect(listProfiles()).resolves.toEqual(PROFILES);
    expect(fetch).toHaveBeenLastCalledWith('/api/dashboard/profiles', expect.objectContaining({ method: 'GET' }));
    await switchProfile(7);
    expect(fetch).toHaveBeenLastCalledWith('/api/dashboard/profiles/7/current', expect.objectContaining({ method: 'POST' }));
    await createProfile({ name: 'Stock', copyOf: 3 });
    expect(fetch).toHaveBeenLastCalledWith(
      '/api/dashboard/profiles',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ name: 'Stock', copyOf: 3 }) }),
    );
    await updateProfile(9, { master: true });
    expect(fetch).toHaveBeenLastCalledWith('/api/dashboard/profiles/9', expect.objectContaining({ method: 'PUT' }));
    await deleteProfile(9);
    expect(fetch).toHaveBeenLastCalledWith('/api/dashboard/profiles/9', expect.objectContaining({ method: 'DELETE' }));
  });

  it('passes on the refusal to delete the last profile with its key', async () => {
    vi.stubGlobal('fetch', async () => answer(409, { error: { key: 'lastDashboardProfile', message: 'last' } }));
    await expect(deleteProfile(7)).rejects.toMatchObject({ status: 409, key: 'lastDashboardProfile' });
  });

  it('names a profile by its name, or by its number when it has none, and finds the current one', () => {
    expect(PROFILES.profiles.map((p) => profileName(p, translate))).toEqual(['Profil 1', 'Transport']);
    expect(currentOf(PROFILES)?.id).toBe(9);
    expect(currentOf({ profiles: [PROFILES.profiles[0]], masters: [] })?.id).toBe(7);
    expect(currentOf(null)).toBeUndefined();
  });
});

describe('report tiles', () => {
  it('offers the reports of the catalogue the user may pin, by display number', () => {
    const roles = [Role.REPORT_USER];
    // The catalogue's roles decide: 1029 (parcel courier) and 1011 (movement details) need their named roles.
    expect(tileChoices(roles, [], CATALOGUE).reports).toEqual(['1061', '1005', '10']);
    expect(tileChoices([...roles, Role.REPORT_USER_MESSAGERIE], [], CATALOGUE).reports).toContain('1029');
    // Unknown catalogue (not loaded, or the reports service away): the pinning rule alone.
    expect(tileChoices(roles, [], null).reports).toContain('1005');
    expect(tileChoices(roles, [], []).reports).toContain('1005');
  });

  it('names a report tile by its display number and title when the catalogue is known', () => {
    expect(reportName('1005', 'en', translate, CATALOGUE)).toBe('M1 — Delivery tracking');
    expect(reportName('1005', 'fr', translate, null)).toBe('1005 — Suivi des livraisons');
    expect(
      tileTitle({ uuid: 'u', id_object: '1011', type: 'report', width: 2, height: 1, x: 0, config: {} }, translate, 'fr', CATALOGUE),
    ).toBe('MVT1 — Mouvements de stock');
    expect(
      tileTitle(
        { uuid: 'u', id_object: '1011', type: 'report', width: 2, height: 1, x: 0, config: { title: 'Mes mouvements' } },
        translate,
        'fr',
        CATALOGUE,
      ),
    ).toBe('Mes mouvements');
  });
});
