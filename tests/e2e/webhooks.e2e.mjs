// Settings > Intégrations > Webhooks (issue 35 item 2): the provider's administrator subscribes a
// depositor's system (a node:http receiver on 127.0.0.1, the one host:port the backend lets plain http
// reach: support/server.mjs WEBHOOK_HTTP_HOSTS), sees the secret once, sends the test event and sees it
// delivered and signed; an internal address is refused in words; DEMO-B's people never see the endpoint;
// the screens fit a 390 px phone, light and dark, and read in Italian for carla.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { screenshot } from './support/browser.mjs';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { login, loginToDashboard, quiet } from './support/portal.mjs';
import { sharedBackend } from './support/server.mjs';

const ctx = useJourney();
const run = Date.now().toString(36);

/** What the receiver got: each request's headers and raw body. */
const received = [];
let receiver = null;
before(async () => {
  // The hooks of a file may run together: the backend is awaited here too (the same one).
  const port = (await sharedBackend()).webhookReceiverPort;
  if (!port) return; // A backend started by hand (E2E_BASE_URL) allows no receiver: the journey is skipped.
  receiver = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('bien reçu');
    });
  });
  await new Promise((resolve, reject) => {
    receiver.once('error', reject);
    receiver.listen(port, '127.0.0.1', resolve);
  });
});
after(() => new Promise((resolve) => (receiver ? receiver.close(() => resolve()) : resolve())));

/** The test messages the receiver got, as parsed bodies with their headers. */
const testMessages = () =>
  received.map((m) => ({ ...m, json: JSON.parse(m.body) })).filter((m) => m.json.type === 'webhook.test' && m.path === '/hooks/portal');

async function until(check, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const noHorizontalScroll = async (page, what) =>
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, `${what} fits the phone's width`);

/** Sets the signed-in user's theme and refreshes the user the app keeps, as a new sign-in would. */
async function useTheme(page, theme) {
  await apiAs(page, 'POST', `/user/theme/${theme}`);
  await page.evaluate(async () => {
    const res = await fetch('/api/user/me', { headers: { Authorization: `Bearer ${localStorage.getItem('portal.token')}` } });
    localStorage.setItem('portal.user', JSON.stringify(await res.json()));
  });
}

let endpointId = null;
let endpointUrl = null;

test('the provider’s administrator subscribes an endpoint, sees its secret once, and sees the signed test event delivered', async (t) => {
  if (!receiver) return t.skip('no receiver port on a backend started by hand');
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'admin');
    await page.goto(`${ctx.base}/settings/integrations/webhooks`);
    await page.getByRole('tab', { name: 'Webhooks', selected: true }).waitFor();
    await page.getByRole('button', { name: 'Nouveau webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau webhook' });
    await dialog.getByText('En https uniquement').waitFor();
    await dialog.getByLabel(/^DEMO-A/).check();
    await dialog.getByLabel('Commande livrée').check();
    await dialog.getByLabel('Ligne de stock bloquée / débloquée').check();

    // An internal address is refused in words, under the address, and nothing is saved.
    await dialog.getByLabel('Adresse de réception (URL)').fill('https://10.0.0.1/hooks');
    await dialog.getByRole('button', { name: 'Créer le webhook' }).click();
    await dialog.getByText('Adresse refusée : elle mène à un réseau interne ou privé').waitFor();
    await screenshot(page, 'webhooks-refused-1366-fr');
    assert.equal((await apiAs(page, 'GET', '/settings/webhooks')).body.filter((e) => e.url.includes('10.0.0.1')).length, 0);

    endpointUrl = `http://127.0.0.1:${receiver.address().port}/hooks/portal`;
    await dialog.getByLabel('Adresse de réception (URL)').fill(endpointUrl);
    await dialog.getByLabel('Description (facultative)').fill(`ERP DEMO-A ${run}`);
    await dialog.getByRole('button', { name: 'Créer le webhook' }).click();

    const shown = page.getByRole('dialog', { name: 'Secret du webhook' });
    await shown.getByText('Copiez-le maintenant : il ne sera plus jamais affiché.').waitFor();
    const secret = await shown.locator('#webhook-secret').inputValue();
    assert.match(secret, /^whsec_/);
    await screenshot(page, 'webhooks-secret-1366-fr');
    await shown.getByRole('button', { name: 'J’ai copié le secret' }).click();

    // Listed active, its events in words, never its secret.
    const row = page.getByRole('row').filter({ hasText: `ERP DEMO-A ${run}` });
    await row.getByText('Actif').waitFor();
    await row.getByText('Commande livrée · Ligne de stock bloquée / débloquée').waitFor();
    assert.equal(await page.getByText(secret).count(), 0);
    endpointId = await row.getAttribute('data-endpoint-id');
    await screenshot(page, 'webhooks-list-1366-fr');

    await row.getByRole('button', { name: `Actions du webhook ${endpointUrl}` }).click();
    await page.getByRole('menuitem', { name: 'Envoyer un événement de test' }).click();
    await page.getByText('Événement de test envoyé : suivez-le dans le journal des envois.').waitFor();

    // The log, its own address: the test event shows delivered without a click (the screen reads again while it waits).
    await row.getByRole('link', { name: endpointUrl }).click();
    await page.waitForURL(new RegExp(`/settings/integrations/webhooks/${endpointId}$`));
    const delivered = page.getByRole('row').filter({ hasText: 'Événement de test' }).filter({ hasText: 'Livré' });
    await delivered.first().waitFor({ timeout: 60_000 });
    assert.match(await delivered.first().innerText(), /200/);

    // The receiver got it, signed with the secret shown once (verified by a library no one here wrote).
    await until(() => testMessages().length >= 1, 'the test message at the receiver');
    const [message] = testMessages();
    assert.ok(message.headers['webhook-signature'], 'signed');
    new Webhook(secret).verify(message.body, message.headers);
    assert.equal(message.json.data.endpointId, endpointId);

    // Its detail: the payload and the attempt with the receiver's answer; "Renvoyer" sends the same message again.
    await delivered.first().getByRole('button', { name: 'Détail' }).click();
    const detail = page.getByRole('dialog', { name: /^Événement de test du / });
    await detail.getByText('Contenu envoyé').waitFor();
    await detail.getByText('Tentative 1').waitFor();
    await detail.getByText('bien reçu').waitFor();
    await screenshot(page, 'webhooks-delivery-1366-fr');
    await detail.getByRole('button', { name: 'Renvoyer' }).click();
    await until(() => testMessages().length >= 2, 'the message sent again');
    assert.equal(testMessages()[1].headers['webhook-id'], message.headers['webhook-id']);
    await detail.getByText('Tentative 2').waitFor({ timeout: 60_000 });
    await detail.getByRole('button', { name: 'Fermer' }).click();

    // The filter by state, kept in the address.
    await page.getByLabel('Filtrer par état').selectOption({ label: 'Échec' });
    await page.waitForURL(/\?status=failed$/);
    await page.getByText('Aucun envoi dans cet état.').waitFor();

    // « Charger plus »: the older page, along the cursor of the first.
    for (let i = 0; i < 50; i++) assert.equal((await apiAs(page, 'POST', `/settings/webhooks/${endpointId}/test`)).status, 200);
    await page.getByLabel('Filtrer par état').selectOption({ label: 'Tous' });
    const rows = page.locator('tr[data-delivery-id]');
    await until(async () => (await rows.count()) === 50, 'a first page of 50 deliveries');
    await screenshot(page, 'webhooks-log-1366-fr');
    await page.getByRole('button', { name: 'Charger plus' }).click();
    await until(async () => (await rows.count()) === 51, 'the older page');
    assert.equal(await page.getByRole('button', { name: 'Charger plus' }).count(), 0);
    await until(() => testMessages().length >= 52, 'the 50 test messages at the receiver');
  } catch (error) {
    await screenshot(page, 'webhooks-failure');
    throw error;
  } finally {
    await page.close();
  }
});

test('on a 390 px phone, light and dark: cards, no horizontal scroll', async (t) => {
  if (!endpointId) return t.skip('no endpoint made');
  const page = await newTab(ctx);
  await page.setViewportSize({ width: 390, height: 844 });
  let theme = null;
  try {
    await loginToDashboard(page, ctx.base, 'admin');
    theme = (await apiAs(page, 'GET', '/user/me')).body.theme;
    for (const next of ['light', 'dark']) {
      await useTheme(page, next);
      await page.goto(`${ctx.base}/settings/integrations/webhooks`);
      const card = page
        .getByTestId('row-cards')
        .locator('li')
        .filter({ hasText: `ERP DEMO-A ${run}` });
      await card.getByText('Actif').waitFor();
      assert.equal(await page.locator('main table').count(), 0);
      await noHorizontalScroll(page, 'the endpoints');
      await screenshot(page, `webhooks-list-390-${next}-fr`);

      await card.getByRole('button', { name: `Actions du webhook ${endpointUrl}` }).click();
      await page.getByRole('menuitem', { name: 'Journal des envois' }).click();
      await page.getByTestId('row-cards').getByText('Événement de test').first().waitFor();
      await noHorizontalScroll(page, 'the log');
      await screenshot(page, `webhooks-log-390-${next}-fr`);

      await page.goto(`${ctx.base}/settings/integrations/webhooks`);
      // The page loaded and settled first (its list shown, its calls answered): a click made while the app was
      // still applying the user's settings opened no dialog once on a loaded machine (2026-12-05).
      await card.getByText('Actif').waitFor();
      await quiet(page);
      await page.getByRole('button', { name: 'Nouveau webhook' }).click();
      await page.getByRole('dialog', { name: 'Nouveau webhook' }).getByText('En https uniquement').waitFor();
      await noHorizontalScroll(page, 'the form');
      await screenshot(page, `webhooks-form-390-${next}-fr`);
    }
  } catch (error) {
    await screenshot(page, 'webhooks-390-failure');
    throw error;
  } finally {
    if (theme) await apiAs(page, 'POST', `/user/theme/${theme}`).catch(() => undefined);
    await page.close();
  }
});

test('carla reads the webhooks and the log in Italian', async (t) => {
  if (!endpointId) return t.skip('no endpoint made');
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'carla');
    await page.goto(`${ctx.base}/settings/integrations/webhooks`);
    const row = page.getByRole('row').filter({ hasText: `ERP DEMO-A ${run}` });
    await row.getByText('Attivo').waitFor();
    await row.getByText('Ordine consegnato · Riga di magazzino bloccata / sbloccata').waitFor();
    await screenshot(page, 'webhooks-list-1366-it');
    await page.goto(`${ctx.base}/settings/integrations/webhooks/${endpointId}`);
    await page.getByRole('button', { name: 'Invia un evento di prova' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Evento di prova' }).filter({ hasText: 'Consegnato' }).first().waitFor();
    await screenshot(page, 'webhooks-log-1366-it');
  } finally {
    await page.close();
  }
});

test('DEMO-B’s people never see DEMO-A’s endpoint: bob has no tab, DEMO-B’s administrator neither lists nor opens it', async (t) => {
  if (!endpointId) return t.skip('no endpoint made');
  let page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'bob');
    assert.equal((await apiAs(page, 'GET', '/settings/webhooks')).status, 403);
    assert.equal((await apiAs(page, 'GET', `/settings/webhooks/${endpointId}/deliveries`)).status, 403);
    await page.goto(`${ctx.base}/settings/integrations/webhooks/${endpointId}`);
    await page.waitForURL(/\/settings\/general$/);
    assert.equal(await page.getByText(endpointUrl).count(), 0);
    await page.close();

    // An administrator of DEMO-B's users, made by the provider's administrator.
    page = await newTab(ctx);
    await loginToDashboard(page, ctx.base, 'admin');
    const loginB = `hookb${run}`;
    const password = 'Quai2026!b';
    const made = await apiAs(page, 'POST', '/admin/users', { login: loginB, email: `${loginB}@demo-b.example`, password });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const access = await apiAs(page, 'PUT', `/admin/users/${made.body.uuid}/access`, { roles: ['ADMIN_USERS'], depositors: [2] });
    assert.equal(access.status, 200, JSON.stringify(access.body));
    await page.close();

    page = await newTab(ctx);
    await login(page, ctx.base, loginB, password);
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${ctx.base}/settings/integrations/webhooks`);
    await page.getByText('Aucun webhook pour l’instant.').waitFor();
    assert.equal(await page.getByText(endpointUrl).count(), 0);
    assert.equal((await apiAs(page, 'GET', '/settings/webhooks')).body.length, 0);
    await page.goto(`${ctx.base}/settings/integrations/webhooks/${endpointId}`);
    await page.getByText('Ce webhook n’existe plus ou ne vous est pas accessible.').waitFor();
    for (const [method, path] of [
      ['GET', `/settings/webhooks/${endpointId}/deliveries`],
      ['POST', `/settings/webhooks/${endpointId}/test`],
      ['POST', `/settings/webhooks/${endpointId}/disable`],
      ['DELETE', `/settings/webhooks/${endpointId}`],
    ])
      assert.equal((await apiAs(page, method, path)).status, 404, `${method} ${path}`);
  } catch (error) {
    await screenshot(page, 'webhooks-isolation-failure');
    throw error;
  } finally {
    await page.close();
  }
});

test('the administrator renews the secret, disables, enables and changes the endpoint, then deletes it after a confirmation', async (t) => {
  if (!endpointId) return t.skip('no endpoint made');
  const page = await newTab(ctx);
  const menu = async (item) => {
    await page.getByRole('button', { name: `Actions du webhook ${endpointUrl}` }).click();
    await page.getByRole('menuitem', { name: item }).click();
  };
  try {
    await loginToDashboard(page, ctx.base, 'admin');
    await page.goto(`${ctx.base}/settings/integrations/webhooks`);
    const row = page.getByRole('row').filter({ hasText: `ERP DEMO-A ${run}` });
    await row.getByText('Actif').waitFor();

    // A new secret, shown once, the old one still signing for 24 h (said in the dialog and in the list).
    await menu('Renouveler le secret');
    await page.getByRole('dialog', { name: 'Renouveler le secret ?' }).getByRole('button', { name: 'Renouveler le secret' }).click();
    const shown = page.getByRole('dialog', { name: 'Secret du webhook' });
    await shown.getByText(/L’ancien secret continue de signer chaque message à côté du nouveau pendant 24 h/).waitFor();
    assert.match(await shown.locator('#webhook-secret').inputValue(), /^whsec_/);
    await screenshot(page, 'webhooks-rotated-1366-fr');
    await shown.getByRole('button', { name: 'J’ai copié le secret' }).click();
    await row.getByText(/^Ancien secret encore valable jusqu’au /).waitFor();

    await menu('Désactiver');
    await row.getByText('Désactivé').waitFor();
    assert.equal((await apiAs(page, 'GET', '/settings/webhooks')).body.find((e) => e.id === endpointId).disabledReason, 'manual');
    await menu('Réactiver');
    await row.getByText('Actif').waitFor();

    await menu('Modifier');
    const form = page.getByRole('dialog', { name: 'Modifier le webhook' });
    assert.equal(await form.getByLabel('Adresse de réception (URL)').inputValue(), endpointUrl);
    assert.equal(await form.getByLabel('Commande livrée').isChecked(), true);
    await form.getByLabel('Anomalie transporteur').check();
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await row.getByText('Commande livrée · Anomalie transporteur · Ligne de stock bloquée / débloquée').waitFor();

    await page.goto(`${ctx.base}/settings/integrations/webhooks/${endpointId}`);
    await page.getByRole('button', { name: `Actions du webhook ${endpointUrl}` }).click();
    await page.getByRole('menuitem', { name: 'Supprimer' }).click();
    await page.getByRole('dialog', { name: 'Supprimer ce webhook ?' }).getByRole('button', { name: 'Supprimer' }).click();
    await page.waitForURL(/\/settings\/integrations\/webhooks$/);
    await page.getByText('Webhook supprimé').waitFor();
    assert.equal((await apiAs(page, 'GET', '/settings/webhooks')).body.filter((e) => e.id === endpointId).length, 0);
    await page.getByRole('button', { name: 'Nouveau webhook' }).waitFor();
    await until(async () => (await page.getByText(`ERP DEMO-A ${run}`).count()) === 0, 'the endpoint gone from the list', 10_000);
  } catch (error) {
    await screenshot(page, 'webhooks-delete-failure');
    throw error;
  } finally {
    await page.close();
  }
});
