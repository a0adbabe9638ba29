// Runs every browser journey, group by group (support/groups.mjs): each group's files share one
// backend and one browser. Usage: node tests/e2e/run.mjs   (after npm run build)
// One journey alone: node --test tests/e2e/<name>.e2e.mjs
import { spawnSync } from 'node:child_process';
import { groupArgs, journeyGroups } from './support/groups.mjs';

let failed = 0;
for (const group of journeyGroups()) {
  console.log(`\n=== ${group.name}`);
  const { status } = spawnSync(process.execPath, groupArgs(group), { stdio: 'inherit', env: { ...process.env, E2E_GROUP: group.name } });
  if (status !== 0) failed++;
}
console.log(failed ? `${failed} journey group(s) failed` : 'every journey group passed');
process.exit(failed ? 1 : 0);
