// `npm run start:service -- <name>`: runs one service of the distributed mode (after `npm run build`),
// with the environment it is given (NATS_URL, DATABASE_URL or <NAME>_DATABASE_URL, JWT_SECRET, ...).
// Without a name, or with an unknown one, lists the services there are.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const built = path.join(root, 'dist/services');
const services = fs.existsSync(built)
  ? fs
      .readdirSync(built)
      .filter((name) => name !== 'all-in-one' && fs.existsSync(path.join(built, name, 'main.js')))
      .sort()
  : [];
const name = process.argv[2];

if (!services.length) {
  console.error('No built service: run `npm run build` first.');
  process.exit(1);
}
if (!name || !services.includes(name)) {
  console.error(`${name ? `Unknown service "${name}". ` : ''}Usage: npm run start:service -- <name>, one of: ${services.join(', ')}`);
  process.exit(2);
}
const child = spawn(process.execPath, [path.join(built, name, 'main.js'), ...process.argv.slice(3)], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
