import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newTab, useJourney } from './support/journey.mjs';
import { login } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';

const ctx = useJourney();

/** "14 min 58 s" or "42 s" → seconds. */
function parseWait(text) {
  const m = /(?:(\d+) min )?(\d+) s/.exec(text);
  return m ? Number(m[1] ?? 0) * 60 + Number(m[2]) : NaN;
}

test('forgotten password: mail, link, new password with live rules, login', async () => {
  const me = await fetch(`${ctx.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login: 'admin', password: 'Portal2026' }),
  }).then((r) => r.json());
  const email = me.user.email;

  const page = await newTab(ctx);
  await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await page.getByText('Si cette adresse est connue, un e-mail vient de vous être envoyé.').waitFor();

  const mail = await ctx.backend.smtp.waitForMail(email, (m) => m.text.includes('/reset-password?token='));
  const link = /https?:\/\/[^\s"'<>()]+\/reset-password\?token=[^\s"'<>&()]+/.exec(mail.text)[0];
  assert.ok(link.startsWith(ctx.base), link);
  await page.goto(link);
  const password = page.getByLabel('Nouveau mot de passe');
  await password.waitFor();
  const ok = (rule) => page.locator(`[data-rule=${rule}]`).getAttribute('data-ok');
  await password.fill('quai');
  assert.equal(await ok('minLength'), 'false');
  assert.equal(await ok('lower'), 'true');
  assert.equal(await ok('upper'), 'false');
  await password.fill('Quai2026');
  for (const rule of ['minLength', 'upper', 'lower', 'digit']) assert.equal(await ok(rule), 'true');
  await page.getByLabel('Confirmation du mot de passe').fill('Quai2025');
  await page.getByText('La confirmation ne correspond pas au mot de passe.').waitFor();
  await screenshot(page, 'reset-password-fr');
  await page.getByLabel('Confirmation du mot de passe').fill('Quai2026');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await page.getByText('Votre mot de passe a été modifié.').waitFor();

  // The link is used up.
  await page.goto(link);
  await page.getByText('Ce lien de réinitialisation est invalide ou a expiré.').waitFor();

  await login(page, ctx.base, 'admin', 'Quai2026');
  await page.waitForURL(/\/dashboard$/);
  await page.close();
});

test('an unknown reset link says so', async () => {
  const page = await newTab(ctx);
  await page.goto(`${ctx.base}/reset-password?token=nope`);
  await page.getByText('Ce lien de réinitialisation est invalide ou a expiré.').waitFor();
  await page.close();
});

test('forgotten login answers the same whether the address exists', async () => {
  const page = await newTab(ctx);
  await page.getByRole('button', { name: 'Identifiant oublié ?' }).click();
  await page.getByLabel('Adresse e-mail').fill('personne@inconnu.example');
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await page.getByText('Si cette adresse est connue, un e-mail vient de vous être envoyé.').waitFor();
  await page.close();
});

test('five bad passwords block the account with a live countdown', async () => {
  const page = await newTab(ctx);
  let seen = null;
  for (let i = 0; i < 7 && !seen; i++) {
    await login(page, ctx.base, 'carla', `Mauvais${i}x`);
    await page.getByRole('alert').first().waitFor();
    if (await page.getByTestId('blocked').count()) seen = await page.getByTestId('blocked').textContent();
  }
  assert.ok(seen, 'no countdown after 7 bad passwords');
  const seconds = () =>
    page
      .getByTestId('blocked')
      .textContent()
      .then((t) => parseWait(t));
  const first = await seconds();
  await page.waitForTimeout(2200);
  const later = await seconds();
  assert.ok(first > 0 && later < first, `${first} -> ${later}`);
  assert.ok(await page.locator('button[type=submit]').isDisabled());
  await screenshot(page, 'login-blocked-fr');
  await page.close();
});
