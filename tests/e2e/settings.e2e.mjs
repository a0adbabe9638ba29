import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshot } from './support/browser.mjs';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { login, loginToDashboard, quiet } from './support/portal.mjs';

const ctx = useJourney();

async function pick(page, label, option) {
  await page.getByLabel(label).click();
  await page.getByRole('option', { name: option }).click();
}

test('language and theme chosen in settings survive a new login', async () => {
  const page = await newTab(ctx);
  await loginToDashboard(page, ctx.base, 'bob');
  await page.goto(`${ctx.base}/settings`);
  await pick(page, 'Thème', 'Clair');
  await page.getByText('Données enregistrées.').first().waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  await pick(page, 'Langue', 'English');
  await page.getByRole('heading', { name: 'Settings' }).waitFor();

  await page.reload();
  await page.getByRole('heading', { name: 'Settings' }).waitFor();
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(/\/login/);
  await login(page, ctx.base, 'bob');
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  const me = (await apiAs(page, 'GET', '/user/me')).body;
  assert.equal(me.theme, 'light');
  assert.equal(me.language.code, 'en_US');

  // Back to the defaults for the other journeys.
  await apiAs(page, 'POST', '/user/language/fr_FR');
  await apiAs(page, 'POST', '/user/theme/dark');
  await page.close();
});

test('time zone, phone and profile are saved through their calls', async () => {
  const page = await newTab(ctx);
  await loginToDashboard(page, ctx.base, 'bob');
  await apiAs(page, 'POST', `/user/timezone/${encodeURIComponent('Europe/Paris')}`);
  await page.goto(`${ctx.base}/settings/general`);
  await page.getByLabel('Fuseau horaire').filter({ hasText: 'Europe/Paris' }).waitFor();
  await pick(page, 'Fuseau horaire', /^America\/New York/);
  await page.getByText('Données enregistrées.').first().waitFor();
  // Checked as the field is left, the message under it (spec §5), and nothing is sent.
  let sent = 0;
  const count = (r) => r.url().includes('/api/user/phone/') && sent++;
  page.on('request', count);
  await page.getByLabel('Téléphone').fill('04-AB');
  await page.getByLabel('Téléphone').blur();
  const phoneHelp = page.locator('#settings-phone-helper-text');
  await phoneHelp.filter({ hasText: 'Chiffres uniquement, + facultatif (6 à 15 chiffres)' }).waitFor();
  await page.getByRole('button', { name: 'Enregistrer' }).first().click();
  assert.equal(sent, 0);
  page.off('request', count);
  await page.getByLabel('Téléphone').fill('+33472000000');
  await page.getByRole('button', { name: 'Enregistrer' }).first().click();
  await page.waitForTimeout(500);

  await page.getByRole('tab', { name: 'Profil' }).click();
  await page.locator('#profile-firstname').fill('Bob');
  await page.locator('#profile-lastname').fill('Dupont-Transports');
  // The phone's "saved" toast may still be shown: wait for the profile's own answer.
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/profile') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  assert.equal((await saved).status(), 200);

  await page.reload();
  await page.locator('#profile-lastname').waitFor();
  assert.equal(await page.locator('#profile-lastname').inputValue(), 'Dupont-Transports');
  const me = (await apiAs(page, 'GET', '/user/me')).body;
  assert.equal(me.timezone, 'America/New_York');
  assert.equal(me.phone, '+33472000000');
  await apiAs(page, 'POST', `/user/timezone/${encodeURIComponent('Europe/Paris')}`);
  await page.close();
});

test('every settings form says what is wrong under the field as the user leaves it', async () => {
  const page = await newTab(ctx);
  await loginToDashboard(page, ctx.base, 'bob');
  const helper = (id) => page.locator(`#${id}-helper-text`);
  await page.goto(`${ctx.base}/settings/general`);
  await page.locator('#settings-printer-uri').fill('192.168.1.50:9100');
  await page.locator('#settings-printer-uri').blur();
  await helper('settings-printer-uri').filter({ hasText: 'Adresse attendue : http://hôte:port' }).waitFor();
  await page.locator('#settings-printer-uri').fill('http://192.168.1.50:9100');
  await page.locator('#settings-printer-uri').blur();
  await helper('settings-printer-uri').waitFor({ state: 'detached' });

  await page.getByRole('tab', { name: 'Profil' }).click();
  await page.locator('#profile-firstname').fill('');
  await page.locator('#profile-email').fill('bob@transports');
  await page.locator('#profile-email').blur();
  await helper('profile-firstname').filter({ hasText: 'Champ obligatoire' }).waitFor();
  await helper('profile-email').filter({ hasText: 'Adresse e-mail invalide' }).waitFor();
  assert.equal(await page.locator('#profile-email').getAttribute('aria-invalid'), 'true');
  // The contact e-mail is optional: left empty, nothing to say.
  await page.locator('#profile-contactMail').focus();
  await page.locator('#profile-contactMail').blur();
  assert.equal(await helper('profile-contactMail').count(), 0);
  await screenshot(page, 'settings-profile-validation-dark-fr');

  await page.goto(`${ctx.base}/settings/problem`);
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await helper('problem-subject').filter({ hasText: 'Champ obligatoire' }).waitFor();
  await helper('problem-message').filter({ hasText: 'Champ obligatoire' }).waitFor();
  await page.close();
});

test('filters list only the allowed depositors and are saved', async () => {
  const page = await newTab(ctx);
  await loginToDashboard(page, ctx.base, 'bob');
  await page.goto(`${ctx.base}/settings/filter`);
  await page.getByRole('group', { name: 'Déposants' }).or(page.getByText('Déposants')).first().waitFor();
  const depositors = await page.getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => b.closest('label')?.textContent ?? ''));
  assert.ok(
    depositors.some((l) => l.includes('DEMO-B')),
    depositors.join(','),
  );
  assert.ok(!depositors.some((l) => l.includes('DEMO-A')), depositors.join(','));
  await page.getByRole('checkbox', { name: /DEMO-B/ }).check();
  // Every platform of the provider is offered: narrowing to one is the user's choice.
  const platforms = page.getByRole('group', { name: 'Plateformes' });
  await platforms.getByRole('checkbox', { name: /^ORL1/ }).check();
  const saved = page.waitForResponse((r) => /\/filters$/.test(r.url()) && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  assert.equal((await saved).status(), 200);
  const me = (await apiAs(page, 'GET', '/user/me')).body;
  assert.equal(me.filters.depositors.length, 1);
  assert.equal(me.filters.platforms.length, 1);
  await apiAs(page, 'PUT', `/user/${me.uuid}/filters`, { depositors: [], activities: [], stores: [], platforms: [] });
  await page.close();
});

test('label format and default printer are offered only to Dashtower users', async () => {
  const page = await newTab(ctx);
  await loginToDashboard(page, ctx.base, 'bob');
  await page.goto(`${ctx.base}/settings/general`);
  await page.getByLabel('Thème').waitFor();
  assert.equal(await page.getByText('Format des étiquettes').count(), 0);
  await page.close();
  const alice = await newTab(ctx);
  await loginToDashboard(alice, ctx.base, 'alice');
  await alice.goto(`${ctx.base}/settings/general`);
  await alice.getByText('Format des étiquettes').waitFor();
  // Clicked once the page's answers are in: a click while the page still moves is lost (admin-transport).
  await quiet(alice);
  // The choice shows once the server took it (the radio follows the saved profile): click, then wait.
  const saved = alice.waitForResponse((r) => /\/setFormatEtiquette\/ZPL$/.test(r.url()) && r.request().method() === 'PUT');
  await alice.getByRole('radio', { name: 'ZPL' }).click();
  await saved;
  await alice.getByText('Données enregistrées.').first().waitFor();
  await alice.getByRole('radio', { name: 'ZPL', checked: true }).waitFor();
  assert.equal((await apiAs(alice, 'GET', '/user/me')).body.etiquette_format, 'ZPL');
  await apiAs(alice, 'PUT', `/user/${(await apiAs(alice, 'GET', '/user/me')).body.uuid}/setFormatEtiquette/PDF`);
  await alice.close();
});

test('Activité shows a colleague’s change with before and after, in both themes', async () => {
  const alice = await newTab(ctx);
  await loginToDashboard(alice, ctx.base, 'alice');
  const form = {
    kind: 'VIP',
    title: 'Suivi des expéditions parfumerie',
    depositorIds: [1],
    statuses: [90],
    recipients: [{ name: 'Service client', email: 'sc@demo-a.example' }],
  };
  const created = await apiAs(alice, 'POST', '/alerts', form);
  assert.equal(created.status, 201);
  assert.equal(
    (await apiAs(alice, 'PUT', `/alerts/${created.body.id}`, { ...form, title: 'Suivi des expéditions grands magasins' })).status,
    200,
  );
  await alice.close();

  // denis works for DEMO-A too: he reads what alice changed.
  const page = await newTab(ctx);
  await loginToDashboard(page, ctx.base, 'denis');
  await page.goto(`${ctx.base}/settings/activity`);
  const row = page.getByRole('row').filter({ hasText: 'Suivi des expéditions grands magasins' }).filter({ hasText: 'Modification' });
  await row.first().waitFor({ timeout: 15000 });
  const text = await row.first().innerText();
  assert.match(text, /alice/);
  assert.match(text, /Titre : Suivi des expéditions parfumerie → Suivi des expéditions grands magasins/);
  await screenshot(page, 'settings-activity-dark');
  await apiAs(page, 'POST', '/user/theme/light');
  await page.reload();
  await row.first().waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  await screenshot(page, 'settings-activity-light');
  await apiAs(page, 'POST', '/user/theme/dark');
  await page.close();
  // The alert goes, for the other journeys.
  const cleanup = await newTab(ctx);
  await loginToDashboard(cleanup, ctx.base, 'alice');
  await apiAs(cleanup, 'DELETE', `/alerts/${created.body.id}`);
  await cleanup.close();
});
