// axe-core in the page: no serious or critical WCAG 2.1 AA violation (the journeys' accessibility bar).
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { quiet } from './portal.mjs';

/**
 * Checks the page as it is once its requests and transitions have settled; `name` labels a failure.
 * `include`: a selector of the part that changed (a hovered button), checked alone — the whole page
 * was checked before, and axe over a page with a long table costs seconds of the browser's time.
 */
export async function axe(page, name, { include } = {}) {
  await quiet(page, { pauseMs: 400 }); // MUI transitions end
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const detail = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(' | ')}`,
  );
  assert.deepEqual(detail, [], `${name}: ${detail.join('\n')}`);
}
