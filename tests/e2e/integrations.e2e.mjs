import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshot } from './support/browser.mjs';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { loginToDashboard } from './support/portal.mjs';

const ctx = useJourney();

test('the provider’s administrator makes an API key, sees its secret once, and revokes it', async () => {
  const page = await newTab(ctx);
  await loginToDashboard(page, ctx.base, 'admin'); // the provider's administrator (carla reads Italian)
  await page.goto(`${ctx.base}/settings/integrations`);
  await page.getByRole('tab', { name: 'Intégrations' }).waitFor();
  const name = `ERP ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Nouvelle clé' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle clé d’API' });
  // Checked with the auth service's schema before it is sent: a name of spaces, no depositor, no right.
  let posted = 0;
  const count = (request) => request.method() === 'POST' && /\/api-keys$/.test(request.url()) && posted++;
  page.on('request', count);
  await dialog.getByLabel('Nom').fill('   ');
  await dialog.getByRole('button', { name: 'Créer la clé' }).click();
  await dialog.getByText('Champ obligatoire').nth(2).waitFor();
  assert.equal(await dialog.getByText('Champ obligatoire').count(), 3, 'name, depositors and rights said missing');
  assert.equal(posted, 0, 'nothing sent while a field is wrong');
  page.off('request', count);
  await dialog.getByLabel('Nom').fill(name);
  await dialog.getByLabel(/^DEMO-B/).check();
  await dialog.getByLabel('Stock (lecture)').check();
  await dialog.getByLabel('Commandes et livraisons (lecture)').check();
  await screenshot(page, 'integrations-create');
  await dialog.getByRole('button', { name: 'Créer la clé' }).click();

  const shown = page.getByRole('dialog', { name: 'Votre nouvelle clé' });
  await shown.getByText('Copiez-la maintenant : elle ne sera plus jamais affichée.').waitFor();
  const secret = await shown.locator('#key-secret').inputValue();
  assert.match(secret, /^pk_client_/);
  await screenshot(page, 'integrations-secret');
  await shown.getByRole('button', { name: 'J’ai copié la clé' }).click();

  // Listed without its secret, and usable at once.
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByText('Active').waitFor();
  assert.equal(await page.getByText(secret).count(), 0);
  const byKey = await page.evaluate(async (key) => (await fetch('/api/stock', { headers: { 'X-Api-Key': key } })).status, secret);
  assert.equal(byKey, 200);
  await screenshot(page, 'integrations-list');

  await row.getByRole('button', { name: 'Révoquer' }).click();
  await page
    .getByRole('dialog', { name: `Révoquer la clé « ${name} » ?` })
    .getByRole('button', { name: 'Révoquer' })
    .click();
  await row.getByText('Révoquée').waitFor();
  const after = await page.evaluate(async (key) => (await fetch('/api/stock', { headers: { 'X-Api-Key': key } })).status, secret);
  assert.equal(after, 401);
  const listed = (await apiAs(page, 'GET', '/settings/api-keys')).body;
  assert.equal(listed.find((k) => k.name === name).status, 'revoked');
  await page.close();
});

test('the tab is not offered to users who do not administer users', async () => {
  const page = await newTab(ctx);
  await loginToDashboard(page, ctx.base, 'bob');
  await page.goto(`${ctx.base}/settings/integrations`);
  await page.waitForURL(/\/settings\/general$/);
  assert.equal(await page.getByRole('tab', { name: 'Intégrations' }).count(), 0);
  await page.close();
});
