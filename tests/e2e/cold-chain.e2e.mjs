// Cold-chain certificate (issue 16): bob asks for the certificate of a DEMO-B delivery from its documents.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiAs, newTab, useJourney } from './support/journey.mjs';
import { axe } from './support/axe.mjs';
import { loginToDashboard } from './support/portal.mjs';
import { screenshot } from './support/browser.mjs';

const ctx = useJourney();
const q = (o) => encodeURIComponent(JSON.stringify(o));

/** A shipped DEMO-B delivery with a platform, once the demo orders have loaded (in the background after start). */
async function shippedOrder(page, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = await apiAs(page, 'GET', `/orders?filter=${q({ status: [90, 95, 100] })}&range=${q([0, 49])}`);
    for (const row of list.status === 200 ? list.body : []) {
      const detail = await apiAs(page, 'GET', `/orders/${row.id}`);
      if (detail.status === 200 && detail.body.platformId !== null) return detail.body;
    }
    if (Date.now() > deadline) throw new Error(`no shipped order after ${timeoutMs} ms (${list.status})`);
    await page.waitForTimeout(1_000);
  }
}

test('bob: the cold-chain certificate of a delivery joins its documents, or fever says why it cannot', async () => {
  const page = await newTab(ctx);
  try {
    await loginToDashboard(page, ctx.base, 'bob');
    const order = await shippedOrder(page);
    assert.equal(order.depositorCode, 'DEMO-B');
    await page.goto(`${ctx.base}/pgt/${order.id}`);
    await page.getByRole('heading', { level: 1, name: `Commande ${order.reference}` }).waitFor();
    const button = page.getByRole('button', { name: 'Certificat chaîne du froid' });
    await button.click();
    // The demo's probes decide: a zone with probes gives the certificate, none gives fever's key.
    const row = page.locator('#delivery-documents tr[data-document-type=COLD_CHAIN]');
    const noProbes = page.getByText('Aucune sonde ne suit la zone de cette commande : certificat chaîne du froid impossible.');
    await row.or(noProbes).first().waitFor();
    const documents = (await apiAs(page, 'GET', `/orders/${order.id}`)).body.documents.filter((d) => d.type === 'COLD_CHAIN');
    if (await noProbes.count()) {
      assert.deepEqual(documents, [], 'nothing stored without probes');
      await screenshot(page, 'cold-chain-no-probes-dark-fr');
    } else {
      await page.getByText(/^Certificat chaîne du froid ajouté aux documents : /).waitFor();
      await row.getByRole('cell', { name: 'Certificat chaîne du froid', exact: true }).waitFor();
      assert.equal(documents.length, 1);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: `Télécharger ${documents[0].name}` }).click(),
      ]);
      assert.equal(download.suggestedFilename(), documents[0].name);
      // Asked again: the newer certificate replaces the first.
      await button.click();
      await page.getByRole('button', { name: `Télécharger ${documents[0].name}` }).waitFor();
      await page.waitForTimeout(500);
      assert.equal(await row.count(), 1);
      await screenshot(page, 'cold-chain-certificate-dark-fr');
    }
    await axe(page, 'delivery documents with the cold-chain button');
  } catch (error) {
    await screenshot(page, 'cold-chain-failure');
    throw error;
  } finally {
    await page.close();
  }
});
