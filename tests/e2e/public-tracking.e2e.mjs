// The recipient's public tracking page (issue 35 item 3): the link shown and copied on the delivery
// detail, then opened without signing in on a phone (390×844) and a laptop (1366×768): no horizontal
// scroll, axe clean in light and dark, the browser's language and the language links, no script,
// nothing of the street, phone or email; an unknown link answers its own page.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { axe } from './support/axe.mjs';
import { loginToDashboard } from './support/portal.mjs';
import { launchBrowser, screenshot } from './support/browser.mjs';

const ctx = useJourney();
const q = (o) => encodeURIComponent(JSON.stringify(o));

/** A shipped demo order of alice's with a tracking number, its street, phone and email known (the demo orders load after start). */
async function shippedOrder(page, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = await apiAs(page, 'GET', `/orders?filter=${q({ status: [90, 95, 100] })}&range=${q([0, 49])}`);
    for (const row of list.status === 200 ? list.body : []) {
      const detail = await apiAs(page, 'GET', `/orders/${row.id}`);
      const o = detail.body;
      if (
        detail.status === 200 &&
        o.trackingNumbers.length &&
        o.zip &&
        o.town &&
        o.recipient.address1 &&
        o.recipient.phone &&
        o.recipient.email
      )
        return o;
    }
    if (Date.now() > deadline) throw new Error(`no shipped demo order with a tracking number (${list.status})`);
    await page.waitForTimeout(2_000);
  }
}

/** Every axe rule, best practices included: no violation at all, whatever its impact. */
async function axeEverything(page, name) {
  await axe(page, name);
  const { violations } = await new AxeBuilder({ page }).analyze();
  assert.deepEqual(
    violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    [],
    name,
  );
}

/** The page is as wide as the screen: nothing to scroll sideways. */
async function assertNoHorizontalScroll(page, name) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  assert.ok(scroll <= width, `${name}: ${scroll} px of content in ${width} px`);
}

/** Nothing of the order beyond what a recipient may see: no street, phone, email, name or reference; no script at all. */
async function assertRecipientOnly(page, order) {
  const html = await page.content();
  for (const value of [
    order.recipient.address1,
    order.recipient.address2,
    order.recipient.phone,
    order.recipient.email,
    order.recipient.name,
    order.reference,
    order.customerReference,
  ].filter(Boolean))
    assert.ok(!html.includes(value), `the page shows ${value}`);
  assert.equal(await page.locator('script').count(), 0);
}

test('alice copies the recipient tracking link; the recipient opens it on a phone and a laptop, in their language', async () => {
  const page = await newTab(ctx);
  const scripts = [];
  let german = null;
  try {
    await loginToDashboard(page, ctx.base, 'alice');
    const order = await shippedOrder(page);
    const link = `${ctx.base}/suivi/${order.publicToken}`;

    // The delivery detail shows the link with a copy button.
    await ctx.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ctx.base });
    await page.goto(`${ctx.base}/pgt/${order.id}`);
    await page.getByRole('heading', { level: 1, name: `Commande ${order.reference}` }).waitFor();
    await page.getByText('Lien de suivi destinataire').waitFor();
    assert.equal(await page.getByTestId('public-tracking-link').getAttribute('href'), link);
    await page.getByRole('button', { name: 'Copier le lien de suivi' }).click();
    await page.getByText('Lien de suivi copié').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
    await axe(page, 'delivery detail with the tracking link');
    await screenshot(page, 'public-tracking-delivery-detail-fr');

    // The recipient: no session, a French phone.
    const phone = await ctx.browser.newPage();
    phone.on('response', (r) => r.request().resourceType() === 'script' && scripts.push(r.url()));
    await phone.setViewportSize({ width: 390, height: 844 });
    const answer = await phone.goto(link);
    assert.equal(answer.status(), 200);
    await phone.getByRole('heading', { level: 1, name: 'Suivi de votre livraison' }).waitFor();
    assert.equal(await phone.locator('html').getAttribute('lang'), 'fr');
    await phone.getByText(order.trackingNumbers[0], { exact: true }).waitFor();
    await phone.getByText(`${order.zip} ${order.town}`).waitFor();
    assert.ok((await phone.locator('ol li').count()) >= 1, 'a timeline');
    await assertRecipientOnly(phone, order);
    await assertNoHorizontalScroll(phone, 'phone, French, light');
    await axeEverything(phone, 'tracking page, phone, light');
    await screenshot(phone, 'public-tracking-390-light-fr');

    await phone.emulateMedia({ colorScheme: 'dark' });
    assert.equal(await phone.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(17, 19, 21)');
    await axeEverything(phone, 'tracking page, phone, dark');
    await screenshot(phone, 'public-tracking-390-dark-fr');

    // The language links: English, then back to French.
    await phone.getByRole('link', { name: 'English' }).click();
    await phone.waitForURL(/\?lang=en$/);
    await phone.getByRole('heading', { level: 1, name: 'Track your delivery' }).waitFor();
    assert.equal(await phone.locator('html').getAttribute('lang'), 'en');
    assert.equal(await phone.getByRole('link', { name: 'English' }).getAttribute('aria-current'), 'true');
    await assertNoHorizontalScroll(phone, 'phone, English, dark');
    await axeEverything(phone, 'tracking page, phone, English, dark');
    await screenshot(phone, 'public-tracking-390-dark-en');
    await phone.getByRole('link', { name: 'Français' }).click();
    await phone.getByRole('heading', { level: 1, name: 'Suivi de votre livraison' }).waitFor();

    // An unknown link on the phone: its own page, as well-behaved.
    const unknown = await phone.goto(`${ctx.base}/suivi/${'A'.repeat(24)}`);
    assert.equal(unknown.status(), 404);
    await phone.getByRole('heading', { level: 1, name: 'Lien de suivi introuvable' }).waitFor();
    await assertNoHorizontalScroll(phone, 'phone, not found');
    await axeEverything(phone, 'tracking page not found, phone, dark');
    await screenshot(phone, 'public-tracking-390-not-found-fr');
    await phone.close();

    // A German laptop (a browser of its own: its Accept-Language is German), light.
    german = await launchBrowser({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    const laptop = await german.newPage();
    laptop.on('response', (r) => r.request().resourceType() === 'script' && scripts.push(r.url()));
    await laptop.setViewportSize({ width: 1366, height: 768 });
    await laptop.goto(link);
    await laptop.getByRole('heading', { level: 1, name: 'Sendungsverfolgung' }).waitFor();
    assert.equal(await laptop.locator('html').getAttribute('lang'), 'de');
    await laptop.getByText(order.trackingNumbers.length > 1 ? 'Sendungsnummern' : 'Sendungsnummer', { exact: true }).waitFor();
    // The carrier's own page of the number, when the carrier settings have one (the demo parcel carriers do).
    const carrierLink = laptop.locator('dd a[href^="https://"]');
    if (await carrierLink.count()) assert.ok((await carrierLink.first().textContent()).includes(order.trackingNumbers[0]));
    await assertRecipientOnly(laptop, order);
    await assertNoHorizontalScroll(laptop, 'laptop, German');
    await axeEverything(laptop, 'tracking page, laptop, German, light');
    await screenshot(laptop, 'public-tracking-1366-light-de');

    assert.deepEqual(scripts, [], 'the tracking page loads no script');
  } catch (error) {
    await screenshot(page, 'public-tracking-failure');
    throw error;
  } finally {
    await page.close();
    await german?.close();
  }
});
